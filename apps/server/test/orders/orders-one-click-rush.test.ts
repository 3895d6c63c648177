import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { accounts, detailedAddresses } from '../../src/modules/accounts/tables.ts';
import { peripheralStockOf, setPeripheralStock } from '../../src/modules/shop/index.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * POST /api/orders in a rush: buyers of the same one-click order at the same moment are placed together
 * (orders/checkout/one-click.ts, decisions/0021 "Ordinary one-click orders"), and each is answered exactly as
 * a checkout of their own would be. On PostgreSQL the burst really runs in parallel on the pool.
 */
const { t, api } = useTestApp();

const oneClick = (token: string, skuId: number, extra: Record<string, unknown> = {}) =>
  api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click', ...extra } }, { token });
const ordersOf = (ids: number[]) => t.deps.db.select().from(orders).where(inArray(orders.accountId, ids));
/** An order's answer without what differs between two buyers' orders of the same thing. */
const shapeOf = (order: { order_games: { id: number }[] } & Record<string, unknown>) => {
  const { id: _id, out_trade_no: _no, created_at: _at, expired_at: _exp, order_games: games, ...rest } = order;
  return { ...rest, order_games: games.map(({ id: _line, ...line }) => line) };
};

describe('a burst of one-click orders for one game', () => {
  it('places every buyer\'s order, each answered as an order placed alone', async () => {
    const sku = await makeSku(t);
    const alone = await makeAccount(t);
    const first = await oneClick(alone.token, sku.id);
    expect(first.statusCode, first.body).toBe(201);

    const buyers = await Promise.all(Array.from({ length: 40 }, () => makeAccount(t)));
    const answers = await Promise.all(buyers.map((b) => oneClick(b.token, sku.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    for (const answer of answers) expect(shapeOf(answer.json())).toEqual(shapeOf(first.json()));
    const written = await ordersOf(buyers.map((b) => b.id));
    expect(written.map((o) => o.accountId).sort((a, b) => a - b)).toEqual(buyers.map((b) => b.id).sort((a, b) => a - b));
    expect(new Set(answers.map((a) => a.json().id))).toEqual(new Set(written.map((o) => o.id)));
  });

  it('refuses a barred account, an owner and a second try of one account each with its own reason, and places the rest', async () => {
    const sku = await makeSku(t);
    const [barred, owner, twice, ...rest] = await Promise.all(Array.from({ length: 23 }, () => makeAccount(t)));
    await t.deps.db.update(accounts).set({ purchaseBannedAt: t.clock.now() }).where(eq(accounts.id, barred!.id));
    const owned = await oneClick(owner!.token, sku.id);
    await t.deps.db.update(orders).set({ state: 'completed' }).where(eq(orders.id, owned.json().id));

    const [bar, own, tryOne, tryTwo, ...placed] = await Promise.all([
      oneClick(barred!.token, sku.id), oneClick(owner!.token, sku.id), oneClick(twice!.token, sku.id), oneClick(twice!.token, sku.id),
      ...rest.map((b) => oneClick(b.token, sku.id)),
    ]);
    expect([bar!.statusCode, bar!.json().errors]).toEqual([403, { account: ['purchase_ban'] }]);
    expect([own!.statusCode, own!.json().errors]).toEqual([422, { sku: ['owned'] }]);
    // One of the account's two tries is placed; the other finds it and is refused as held by it.
    expect([tryOne!.statusCode, tryTwo!.statusCode].sort()).toEqual([201, 422]);
    expect([tryOne, tryTwo].find((a) => a!.statusCode === 422)!.json().errors).toEqual({ sku: ['locked'] });
    expect(placed.map((a) => a.statusCode)).toEqual(Array(rest.length).fill(201));
    expect(await ordersOf([barred!.id])).toHaveLength(0);
    expect(await ordersOf([twice!.id])).toHaveLength(1);
    expect(await ordersOf([owner!.id])).toHaveLength(1);
  });
});

describe('a burst of one-click orders for a peripheral with little stock', () => {
  it('places exactly as many orders as there are units, each to its buyer\'s own address; the rest are refused no_inventory', async () => {
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 19900 });
    await setPeripheralStock(t.deps.db, gadget.id, 7, t.clock.now());
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeAccount(t)));
    const addresses = await Promise.all(buyers.map(async (b, i) => (await t.deps.db.insert(detailedAddresses).values({
      accountId: b.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: `长街 ${i} 号`,
    }).returning())[0]!.id));

    const answers = await Promise.all(buyers.map((b, i) => api.native.post('/api/orders', { order: { sku_ids: [gadget.id], cate: 'physical', type: 'one_click', address_id: addresses[i] } }, { token: b.token })));
    const placed = answers.flatMap((a, i) => (a.statusCode === 201 ? [i] : []));
    expect(placed).toHaveLength(7);
    for (const i of placed) expect(answers[i]!.json().address.address).toBe(`长街 ${i} 号`);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) expect([answer.statusCode, answer.json().errors]).toEqual([422, { sku: ['no_inventory'] }]);
    expect(await ordersOf(buyers.map((b) => b.id))).toHaveLength(7);
    expect((await peripheralStockOf(t.deps.db, [gadget.id])).get(gadget.id)).toBe(0);
  });
});
