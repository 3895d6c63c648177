import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAccount, makeProduct, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder, makePendingOrder, stockKeys } from '../support/keys-factories.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const libraryRow = async (accountId: number, skuId: number) =>
  (await t.deps.db.select().from(libraryGames).where(and(eq(libraryGames.accountId, accountId), eq(libraryGames.skuId, skuId))))[0]!;

describe('GET /api/me/games', () => {
  it('is for signed-in users only', async () => {
    expect((await api.native.get('/api/me/games')).statusCode).toBe(401);
  });

  it('lists the games of completed orders, newest first, with their SKU and playtime in hours', async () => {
    const buyer = await makeAccount(t);
    const first = await makeSku(t);
    const second = await makeSku(t, { keyType: 'uplay' });
    await makePaidOrder(t, buyer.id, [first]);
    t.clock.advance(10);
    await makePaidOrder(t, buyer.id, [second]);
    await makePendingOrder(t, buyer.id, [await makeSku(t)]);
    await t.deps.db.update(libraryGames).set({ playtimeSeconds: 5400, lastPlayedAt: t.clock.now() }).where(eq(libraryGames.skuId, first.id));

    const res = await api.native.get('/api/me/games', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total_count: 2, page: 1, per: 10 });
    expect(body.games.map((g: { sku_id: number }) => g.sku_id)).toEqual([second.id, first.id]);
    expect(body.games[1]).toMatchObject({
      sku_id: first.id, product_id: first.productId, area: 'native', source: 'order', playtime_seconds: 5400, playtime_hours: 1.5,
      last_played_at_timestamp: expect.any(Number), acquired_at_timestamp: expect.any(Number), sku: { id: first.id, key_type: 'steam', kind: 'game' },
    });
  });

  it('filters by q[key_type_eq] and q[kind_eq], and pages', async () => {
    const buyer = await makeAccount(t);
    const game = await makeSku(t);
    const base = await makeProduct(t);
    const dlc = await makeSku(t, { keyType: 'epic', product: { kind: 'dlc', baseProductId: base.id } });
    const bundle = await makeSku(t, { product: { kind: 'bundle' } });
    await makePaidOrder(t, buyer.id, [game, dlc, bundle]);
    const epic = (await api.native.get('/api/me/games', { token: buyer.token, query: { 'q[key_type_eq]': 'epic' } })).json();
    expect(epic.games.map((g: { sku_id: number }) => g.sku_id)).toEqual([dlc.id]);
    const bundles = (await api.native.get('/api/me/games', { token: buyer.token, query: { 'q[kind_eq]': 'bundle' } })).json();
    expect(bundles.games.map((g: { sku_id: number }) => g.sku_id)).toEqual([bundle.id]);
    const paged = (await api.native.get('/api/me/games', { token: buyer.token, query: { per: '2', page: '2' } })).json();
    expect(paged.meta).toEqual({ total_count: 3, page: 2, per: 2 });
    expect(paged.games).toHaveLength(1);
    expect((await api.native.get('/api/me/games', { token: buyer.token, query: { 'q[kind_eq]': 'peripheral' } })).statusCode).toBe(422);
  });

  it("keeps one row per game, the site's only, and no virtual goods", async () => {
    const buyer = await makeAccount(t, { area: 'abroad' });
    const game = await makeSku(t, { area: 'abroad' });
    const goods = await makeSku(t, { area: 'abroad', product: { cate: 'virtual', kind: 'virtual' }, keyType: null });
    await makePaidOrder(t, buyer.id, [game]);
    await makePaidOrder(t, buyer.id, [game]);
    await makePaidOrder(t, buyer.id, [goods], { cate: 'virtual' });
    await makePaidOrder(t, buyer.id, [await makeSku(t)]);
    const body = (await api.abroad.get('/api/me/games', { token: buyer.token })).json();
    expect(body.games.map((g: { sku_id: number }) => g.sku_id)).toEqual([game.id]);
  });
});

describe('GET /api/me/games/{id}', () => {
  it('answers one of my games with its keys (no code); 404 for anyone else', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, ['LIBRA-RYKEY-00001']);
    await makePaidOrder(t, buyer.id, [sku]);
    const row = await libraryRow(buyer.id, sku.id);
    const res = await api.native.get(`/api/me/games/${row.id}`, { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, sku_id: sku.id, game_keys: [{ key_type: 'steam', activation_status: 'init', kind: 'platform_key' }] });
    expect(res.body).not.toContain('LIBRA-RYKEY');
    const other = await makeAccount(t);
    expect((await api.native.get(`/api/me/games/${row.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await api.native.get('/api/me/games/987654321', { token: buyer.token })).statusCode).toBe(404);
  });
});

describe('GET /api/all_games/{id}', () => {
  it('answers a library game with its playtime (seconds ÷ 3600, one decimal) to anyone, without keys or source', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await makePaidOrder(t, buyer.id, [sku]);
    const row = await libraryRow(buyer.id, sku.id);
    await t.deps.db.update(libraryGames).set({ playtimeSeconds: 45_000 }).where(eq(libraryGames.id, row.id));
    const res = await api.native.get(`/api/all_games/${row.id}.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, account_id: buyer.id, sku_id: sku.id, playtime_seconds: 45_000, playtime_hours: 12.5 });
    expect(res.json()).not.toHaveProperty('game_keys');
    expect(res.json()).not.toHaveProperty('source');
    expect((await api.native.get('/api/all_games/987654321')).statusCode).toBe(404);
    expect((await api.native.get('/api/all_games/0')).statusCode).toBe(422);
  });
});

describe('GET /api/me/order_games', () => {
  it('lists the lines of my completed orders with delivery and key, newest first, unpaid ones left out', async () => {
    const buyer = await makeAccount(t);
    const stocked = await makeSku(t);
    const empty = await makeSku(t);
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    await stockKeys(t, stocked.id, ['ORDER-GAMES-00001']);
    await makePaidOrder(t, buyer.id, [stocked, empty]);
    t.clock.advance(5);
    await makePaidOrder(t, buyer.id, [mouse], { cate: 'physical' });
    await makePendingOrder(t, buyer.id, [await makeSku(t)]);

    const res = await api.native.get('/api/me/order_games', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total_count).toBe(3);
    expect(body.order_games.map((g: { sku_id: number }) => g.sku_id)).toEqual([mouse.id, empty.id, stocked.id]);
    expect(body.order_games[0]).toMatchObject({ delivery: null, game_keys: [] });
    expect(body.order_games[1]).toMatchObject({ delivery: { state: 'ordering' }, game_keys: [] });
    expect(body.order_games[2]).toMatchObject({ delivery: { state: 'delivered', source: 'pool' }, game_keys: [{ key_type: 'steam' }], completed_at_timestamp: expect.any(Number) });
    expect(res.body).not.toContain('ORDER-GAMES');
  });
});

describe('orders show their keys', () => {
  it('GET /api/me/orders/{id} carries each line’s key summary and delivery; unpaid lines none', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, ['ORDER-SHOWS-KEY01']);
    const paid = await makePaidOrder(t, buyer.id, [sku]);
    const body = (await api.native.get(`/api/me/orders/${paid}`, { token: buyer.token })).json();
    expect(body.order_games[0]).toMatchObject({ delivery: { state: 'delivered' }, game_keys: [{ id: expect.any(Number), key_type: 'steam', activation_status: 'init' }] });
    expect(JSON.stringify(body)).not.toContain('ORDER-SHOWS');
    const pending = await makePendingOrder(t, buyer.id, [await makeSku(t)]);
    expect((await api.native.get(`/api/me/orders/${pending}`, { token: buyer.token })).json().order_games[0]).toMatchObject({ delivery: null, game_keys: [] });
    const list = (await api.native.get('/api/me/orders', { token: buyer.token })).json();
    expect(list.orders.find((o: { id: number }) => o.id === paid).order_games[0].game_keys).toHaveLength(1);
  });
});
