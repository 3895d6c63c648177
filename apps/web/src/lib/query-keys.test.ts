import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

describe('queryKeys', () => {
  it('puts every piece of account state under the account, so signing out drops all of it', () => {
    const accountKeys = [
      queryKeys.me.check(7),
      queryKeys.addresses.all,
      queryKeys.points.page(1),
      queryKeys.wishes.page(1),
      queryKeys.cart.view('game'),
      queryKeys.cart.coupons,
      queryKeys.orders.list('all', 1),
      queryKeys.orders.detail(5),
      queryKeys.orders.payments(5),
      queryKeys.coupons.mine('available', 1),
      queryKeys.keys.reveal(3),
      queryKeys.redeem.history(1),
      queryKeys.library.page('all', 1),
      queryKeys.userCenter.info,
      queryKeys.skuService(1),
    ];
    for (const key of accountKeys) expect(startsWith(key, queryKeys.me.all), JSON.stringify(key)).toBe(true);
    for (const key of [queryKeys.catalog.sku(1), queryKeys.storefront.home, queryKeys.shop.navItems, queryKeys.districts, queryKeys.users.detail('1')])
      expect(startsWith(key, queryKeys.me.all), JSON.stringify(key)).toBe(false);
  });

  it("nests each resource's keys under its `all`, so invalidating it reaches every page and view", () => {
    expect(startsWith(queryKeys.cart.view(), queryKeys.cart.all)).toBe(true);
    expect(startsWith(queryKeys.cart.coupons, queryKeys.cart.all)).toBe(true);
    expect(startsWith(queryKeys.orders.list('pending', 2), queryKeys.orders.lists)).toBe(true);
    expect(startsWith(queryKeys.orders.lists, queryKeys.orders.all)).toBe(true);
    expect(startsWith(queryKeys.orders.detail(1), queryKeys.orders.all)).toBe(true);
    expect(startsWith(queryKeys.coupons.claimable(3), queryKeys.coupons.all)).toBe(true);
    expect(startsWith(queryKeys.keys.uplay(1), queryKeys.keys.all)).toBe(true);
    expect(startsWith(queryKeys.redeem.state, queryKeys.redeem.all)).toBe(true);
    expect(startsWith(queryKeys.wishes.page(2), queryKeys.wishes.all)).toBe(true);
    expect(startsWith(queryKeys.points.page(2), queryKeys.points.all)).toBe(true);
    expect(startsWith(queryKeys.userCenter.info, queryKeys.userCenter.all)).toBe(true);
  });

  it('names an order or a game the same whether its id came from the URL or from an answer', () => {
    expect(queryKeys.orders.detail(42)).toEqual(queryKeys.orders.detail('42'));
    expect(queryKeys.orders.payments(42)).toEqual(queryKeys.orders.payments('42'));
    expect(queryKeys.catalog.sku(7)).toEqual(queryKeys.catalog.sku('7'));
  });

  it('keeps the whole cart apart from one category of it', () => {
    expect(queryKeys.cart.view()).not.toEqual(queryKeys.cart.view('game'));
    expect(queryKeys.cart.view(undefined)).toEqual(queryKeys.cart.view());
  });
});

describe('query keys are written only in lib/query-keys.ts and lib/frame-query-keys.ts', () => {
  const src = join(__dirname, '..');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(src, f));
  const owner = join(__dirname, 'query-keys.ts');
  const owners = [owner, join(__dirname, 'frame-query-keys.ts')];

  // A key written by hand (`queryKey: ['me', …]`, `setQueryData(['me'], …)`) drifts from the factory's.
  const literalKey = /queryKey:\s*\[|(?:setQueryData|setQueriesData|getQueryData|getQueryState)\s*(?:<[^>]*>)?\(\s*\[/;

  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(owner);
  });

  it('no other file writes a query key as an array literal', () => {
    const offenders = files.filter((f) => !owners.includes(f) && literalKey.test(readFileSync(f, 'utf8'))).map((f) => relative(src, f));
    expect(offenders).toEqual([]);
  });
});
