import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { days, makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder, stockKeys } from '../support/keys-factories.ts';
import { gameKeys, keyBatches } from '../../src/modules/keys/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const enrolWithSupplier = (skuId: number) => t.deps.db.insert(keyBatches).values({ skuId, source: 'genba', added: 0, skipped: 0, note: 'enrolled', createdAt: t.clock.now() });

describe('GET /api/game_key', () => {
  it('is for signed-in users only', async () => {
    expect((await api.native.get('/api/game_key')).statusCode).toBe(401);
  });

  it("lists the account's platform keys newest first, with titles and delivery, never the code", async () => {
    const buyer = await makeAccount(t);
    const steam = await makeSku(t);
    const uplay = await makeSku(t, { keyType: 'uplay' });
    await stockKeys(t, steam.id, ['STEAM-LIST1-AAAAA']);
    await stockKeys(t, uplay.id, ['UPLA-YLIS-T111-AAAA'], 'uplay');
    await makePaidOrder(t, buyer.id, [steam]);
    t.clock.advance(5);
    await makePaidOrder(t, buyer.id, [uplay]);

    const res = await api.native.get('/api/game_key', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total_count: 2, page: 1, per: 10 });
    expect(body.game_keys.map((k: { sku_id: number }) => k.sku_id)).toEqual([uplay.id, steam.id]);
    expect(body.game_keys[1]).toMatchObject({
      sku_id: steam.id, product_id: steam.productId, key_type: 'steam', kind: 'platform_key',
      type_desc: { chs: 'Steam 激活码', en: 'Steam key' }, games_key_type: { key_type: 'steam', title: { chs: 'Steam', en: 'Steam' } },
      activation_status: 'init', activation_error: null, delivery: { state: 'delivered', source: 'pool', error: null },
      assigned_at_timestamp: expect.any(Number), activated_at_timestamp: null,
    });
    expect(body.game_keys[1].id).toEqual(expect.any(Number));
    expect(res.body).not.toContain('STEAM-LIST1-AAAAA');
    expect(body.game_keys[1]).not.toHaveProperty('code');
  });

  it('filters by q[key_type_eq] (uplay) and q[delivery_state_eq], waiting lines included with a null id', async () => {
    const buyer = await makeAccount(t);
    const uplay = await makeSku(t, { keyType: 'uplay' });
    const steamWaiting = await makeSku(t);
    const uplayWaiting = await makeSku(t, { keyType: 'uplay', status: 'pre_sale', releasedAt: new Date(t.clock.now().getTime() + days(3)) });
    await stockKeys(t, uplay.id, ['UPLA-FILT-ER11-AAAA'], 'uplay');
    await makePaidOrder(t, buyer.id, [uplay, steamWaiting, uplayWaiting]);

    const uplays = (await api.native.get('/api/game_key', { token: buyer.token, query: { 'q[key_type_eq]': 'uplay' } })).json();
    expect(uplays.game_keys.map((k: { sku_id: number }) => k.sku_id).sort()).toEqual([uplay.id, uplayWaiting.id].sort());
    const waiting = uplays.game_keys.find((k: { sku_id: number }) => k.sku_id === uplayWaiting.id);
    expect(waiting).toMatchObject({ id: null, key_type: 'uplay', activation_status: 'init', assigned_at_timestamp: null, delivery: { state: 'pre_ordered' } });

    const ordering = (await api.native.get('/api/game_key', { token: buyer.token, query: { 'q[delivery_state_eq]': 'ordering' } })).json();
    expect(ordering.game_keys).toEqual([expect.objectContaining({ sku_id: steamWaiting.id, id: null, delivery: expect.objectContaining({ state: 'ordering', error: null }) })]);
  });

  it('pages with page and per, refuses a bad filter with 422', async () => {
    const buyer = await makeAccount(t);
    for (let i = 0; i < 3; i++) await makePaidOrder(t, buyer.id, [await makeSku(t)]);
    const page2 = (await api.native.get('/api/game_key', { token: buyer.token, query: { page: '2', per: '2' } })).json();
    expect(page2.meta).toEqual({ total_count: 3, page: 2, per: 2 });
    expect(page2.game_keys).toHaveLength(1);
    expect((await api.native.get('/api/game_key', { token: buyer.token, query: { 'q[key_type_eq]': 'xbox' } })).statusCode).toBe(422);
  });

  it("shows only the site's keys, and not virtual goods' codes", async () => {
    const buyer = await makeAccount(t, { area: 'abroad' });
    const goods = await makeSku(t, { area: 'abroad', product: { cate: 'virtual', kind: 'virtual' }, keyType: null });
    const abroad = await makeSku(t, { area: 'abroad' });
    const native = await makeSku(t);
    await makePaidOrder(t, buyer.id, [goods], { cate: 'virtual' });
    await makePaidOrder(t, buyer.id, [abroad]);
    await makePaidOrder(t, buyer.id, [native]);
    expect((await api.abroad.get('/api/game_key', { token: buyer.token })).json().game_keys).toEqual([expect.objectContaining({ sku_id: abroad.id })]);
  });
});

describe('GET /api/genba_key', () => {
  it("lists only the lines of the supplier's SKUs, with the supplier's refusal as factory_{reason}", async () => {
    const buyer = await makeAccount(t);
    const pool = await makeSku(t);
    const bought = await makeSku(t);
    const refused = await makeSku(t);
    await stockKeys(t, pool.id, ['POOL0-GENBA-LIST1']);
    await enrolWithSupplier(bought.id);
    await enrolWithSupplier(refused.id);
    const sandbox = t.deps.genba as import('../../src/platform/genba-supplier.ts').SandboxGenbaSupplier;
    sandbox.refuse(refused.id, 'out_of_stock');
    await makePaidOrder(t, buyer.id, [pool, bought, refused]);
    const body = (await api.native.get('/api/genba_key', { token: buyer.token })).json();
    const bySku = new Map(body.game_keys.map((k: { sku_id: number }) => [k.sku_id, k]));
    expect([...bySku.keys()].sort()).toEqual([bought.id, refused.id].sort());
    expect(bySku.get(bought.id)).toMatchObject({ id: expect.any(Number), delivery: { state: 'delivered', source: 'genba', error: null } });
    expect(bySku.get(refused.id)).toMatchObject({ id: null, delivery: { state: 'ordering', source: 'genba', error: 'factory_out_of_stock' } });
  });
});

describe('GET /api/virtual/game_keys', () => {
  it("lists virtual goods' codes with the code itself, to their owner", async () => {
    const buyer = await makeAccount(t);
    const goods = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' }, keyType: null });
    const game = await makeSku(t);
    await stockKeys(t, goods.id, ['GIFT-CARD-0042'], 'other');
    await makePaidOrder(t, buyer.id, [goods], { cate: 'virtual' });
    await makePaidOrder(t, buyer.id, [game]);
    const body = (await api.native.get('/api/virtual/game_keys', { token: buyer.token })).json();
    expect(body.game_keys).toEqual([expect.objectContaining({ sku_id: goods.id, kind: 'goods_code', code: 'GIFT-CARD-0042', type_desc: { chs: '兑换码', en: 'Redeem code' } })]);
  });
});

describe('GET /api/me/game_keys/{id} (reveal)', () => {
  it('answers the code to its owner, and stores it encrypted', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, ['  REVEA-LMEAA-12345  ']);
    await makePaidOrder(t, buyer.id, [sku]);
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    const res = await api.native.get(`/api/me/game_keys/${key!.id}`, { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ id: key!.id, sku_id: sku.id, code: 'REVEA-LMEAA-12345', delivery: { state: 'delivered' } });

    const raw = await t.deps.db.execute(sql`select code_enc, code_hash from game_keys where id = ${key!.id}`);
    const stored = JSON.stringify((raw as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain('REVEA');
    expect(stored).not.toContain('12345');
  });

  it('is a 404 to another account, for an unknown id, and a 401 to a guest', async () => {
    const owner = await makeAccount(t);
    const other = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, ['OWNER-ONLYY-KEY01']);
    await makePaidOrder(t, owner.id, [sku]);
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    const res = await api.native.get(`/api/me/game_keys/${key!.id}`, { token: other.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
    expect(res.body).not.toContain('OWNER');
    expect((await api.native.get('/api/me/game_keys/987654321', { token: owner.token })).statusCode).toBe(404);
    expect((await api.native.get(`/api/me/game_keys/${key!.id}`)).statusCode).toBe(401);
    expect((await api.native.get('/api/me/game_keys/abc', { token: owner.token })).statusCode).toBe(422);
  });

  it('is a 404 for a key still in the pool', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, ['UNSOL-DKEYY-00001']);
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    expect((await api.native.get(`/api/me/game_keys/${key!.id}`, { token: buyer.token })).statusCode).toBe(404);
  });
});
