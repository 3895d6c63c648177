import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder, makePendingOrder } from '../support/keys-factories.ts';
import { gameKeys, keyBatches } from '../../src/modules/keys/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let staff: { id: number; token: string };
let admin: { id: number; token: string };
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
  admin = await makeAccount(t, { role: 'admin' });
});

const postKeys = (skuId: number, body: unknown, token?: string, headers?: Record<string, string>, query?: Record<string, string>) =>
  api.native.call('POST', `/api/admin/skus/${skuId}/keys`, body, { token, headers, query });

describe('POST /api/admin/skus/{id}/keys', () => {
  it('imports JSON keys for staff: 201 with added, skipped and delivered', async () => {
    const sku = await makeSku(t);
    const res = await postKeys(sku.id, { keys: { key_type: 'steam', codes: ['JSON1-AAAAA-00001', ' JSON1-AAAAA-00001 ', 'JSON1-AAAAA-00002', ''], note: 'spring' } }, staff.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ batch_id: expect.any(Number), sku_id: sku.id, added: 2, skipped: 1, delivered: 0 });
    const [batch] = await t.deps.db.select().from(keyBatches).where(eq(keyBatches.skuId, sku.id));
    expect(batch).toMatchObject({ source: 'api', importedBy: staff.id, note: 'spring' });
  });

  it('imports a text/csv body (header and code column) and a text/plain body, the type from ?key_type', async () => {
    const sku = await makeSku(t, { keyType: 'epic' });
    const csv = await postKeys(sku.id, 'id,code\n1,CSV01-AAAAA-00001\n2,CSV01-AAAAA-00002\n', admin.token, { 'content-type': 'text/csv' }, { key_type: 'epic' });
    expect(csv.statusCode).toBe(201);
    expect(csv.json()).toMatchObject({ added: 2, skipped: 0 });
    const plain = await postKeys(sku.id, 'CSV01-AAAAA-00002\nTXT01-AAAAA-00003\n', admin.token, { 'content-type': 'text/plain' });
    expect(plain.json()).toMatchObject({ added: 1, skipped: 1 });
    const keys = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    expect(keys.map((k) => k.keyType)).toEqual(['epic', 'epic', 'epic']);
    const [batch] = await t.deps.db.select().from(keyBatches).where(eq(keyBatches.skuId, sku.id)).limit(1);
    expect(batch!.source).toBe('csv');
  });

  it('is 403 for a user, 401 for a guest, and writes nothing', async () => {
    const user = await makeAccount(t);
    const editor = await makeAccount(t, { role: 'editor' });
    const sku = await makeSku(t);
    const body = { keys: { codes: ['NOPE0-AAAAA-00001'] } };
    expect((await postKeys(sku.id, body, user.token)).statusCode).toBe(403);
    expect((await postKeys(sku.id, body, user.token)).json()).toEqual({ errors: { base: ['forbidden'] } });
    expect((await postKeys(sku.id, body, editor.token)).statusCode).toBe(403);
    expect((await postKeys(sku.id, body)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id))).toEqual([]);
  });

  it('answers 4xx for bad input: no codes, a bad key type, an unknown SKU, a peripheral, a wrong media type', async () => {
    const sku = await makeSku(t);
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    expect((await postKeys(sku.id, { keys: { codes: [] } }, staff.token)).statusCode).toBe(422);
    expect((await postKeys(sku.id, { keys: { codes: ['  '] } }, staff.token)).json()).toEqual({ errors: { codes: ['blank'] } });
    expect((await postKeys(sku.id, { keys: { key_type: 'xbox', codes: ['A'] } }, staff.token)).statusCode).toBe(422);
    expect((await postKeys(987654321, { keys: { codes: ['A'] } }, staff.token)).json()).toEqual({ errors: { sku: ['not_found'] } });
    expect((await postKeys(mouse.id, { keys: { codes: ['A'] } }, staff.token)).json()).toEqual({ errors: { sku: ['not_keyed'] } });
    expect((await postKeys(sku.id, '<keys/>', staff.token, { 'content-type': 'application/xml' })).statusCode).toBe(415);
  });

  it('delivers waiting lines as the keys arrive', async () => {
    const sku = await makeSku(t);
    const buyer = await makeAccount(t);
    await makePaidOrder(t, buyer.id, [sku]);
    const res = await postKeys(sku.id, { keys: { codes: ['LATE0-AAAAA-00001', 'LATE0-AAAAA-00002'] } }, staff.token);
    expect(res.json()).toMatchObject({ added: 2, delivered: 1 });
    expect((await api.native.get('/api/game_key', { token: buyer.token })).json().game_keys[0]).toMatchObject({ id: expect.any(Number), delivery: { state: 'delivered' } });
  });
});

describe('GET /api/admin/skus/{id}/keys/stock', () => {
  it('counts the pool by state and the waiting lines, lists batches newest first', async () => {
    const sku = await makeSku(t);
    const buyers = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    await postKeys(sku.id, { keys: { codes: ['STOCK-AAAAA-00001'] } }, staff.token);
    for (const b of buyers) await makePaidOrder(t, b.id, [sku]);
    t.clock.advance(1);
    await postKeys(sku.id, { keys: { codes: ['STOCK-AAAAA-00002', 'STOCK-AAAAA-00003', 'STOCK-AAAAA-00004'] } }, staff.token);
    const res = await api.native.get(`/api/admin/skus/${sku.id}/keys/stock`, { token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sku_id: sku.id, available: 1, assigned: 3, void: 0, waiting: { ordering: 0, pre_ordered: 0 }, supplier: false });
    expect(res.json().batches.map((b: { added: number }) => b.added)).toEqual([3, 1]);
    expect((await api.native.get(`/api/admin/skus/${sku.id}/keys/stock`, { token: buyers[0]!.token })).statusCode).toBe(403);
    expect((await api.native.get('/api/admin/skus/987654321/keys/stock', { token: staff.token })).statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/orders/{id}/shipment', () => {
  async function physicalOrder() {
    const buyer = await makeAccount(t);
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    return { buyer, orderId: await makePaidOrder(t, buyer.id, [mouse], { cate: 'physical' }) };
  }
  const patch = (orderId: number, shipment: Record<string, unknown>, token = staff.token) => api.native.patch(`/api/admin/orders/${orderId}/shipment`, { shipment }, { token });

  it('shows a paid physical order as preparing, then shipped with its tracking number, then delivered', async () => {
    const { buyer, orderId } = await physicalOrder();
    expect((await api.native.get(`/api/me/orders/${orderId}`, { token: buyer.token })).json().shipment).toMatchObject({ state: 'preparing', tracking_number: null });

    const shipped = await patch(orderId, { state: 'shipped', carrier: 'SF Express', tracking_number: 'SF1234567890' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ state: 'shipped', carrier: 'SF Express', tracking_number: 'SF1234567890', shipped_at_timestamp: expect.any(Number), delivered_at_timestamp: null });
    t.clock.advance(60);
    const delivered = await patch(orderId, { state: 'delivered' }, admin.token);
    expect(delivered.json()).toMatchObject({ state: 'delivered', tracking_number: 'SF1234567890', delivered_at_timestamp: expect.any(Number) });
    expect((await api.native.get(`/api/me/orders/${orderId}`, { token: buyer.token })).json().shipment).toMatchObject({ state: 'delivered', carrier: 'SF Express' });
  });

  it('needs a tracking number to ship, and refuses steps out of order', async () => {
    const { orderId } = await physicalOrder();
    expect((await patch(orderId, { state: 'shipped', carrier: 'SF' })).json()).toEqual({ errors: { tracking_number: ['blank'] }, meta: { from: 'preparing' } });
    expect((await patch(orderId, { state: 'delivered', tracking_number: 'X1' })).json()).toEqual({ errors: { state: ['state_invalid'] }, meta: { from: 'preparing' } });
    await patch(orderId, { state: 'shipped', tracking_number: 'X1' });
    expect((await patch(orderId, { state: 'preparing' })).json().errors).toEqual({ state: ['state_invalid'] });
    // The same state again corrects carrier or tracking number.
    expect((await patch(orderId, { state: 'shipped', tracking_number: 'X2' })).json()).toMatchObject({ state: 'shipped', tracking_number: 'X2' });
    expect((await patch(orderId, { state: 'lost' })).statusCode).toBe(422);
  });

  it('is 404 for an order without a shipment (games, unpaid, unknown) and 403 for a user', async () => {
    const buyer = await makeAccount(t);
    const game = await makeSku(t);
    const gameOrder = await makePaidOrder(t, buyer.id, [game]);
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    const unpaid = await makePendingOrder(t, buyer.id, [mouse], { cate: 'physical' });
    for (const id of [gameOrder, unpaid, 987654321]) expect((await patch(id, { state: 'shipped', tracking_number: 'X' })).statusCode).toBe(404);
    const { orderId } = await physicalOrder();
    expect((await patch(orderId, { state: 'shipped', tracking_number: 'X' }, buyer.token)).statusCode).toBe(403);
  });

  it('shows no shipment on game orders', async () => {
    const buyer = await makeAccount(t);
    const orderId = await makePaidOrder(t, buyer.id, [await makeSku(t)]);
    expect((await api.native.get(`/api/me/orders/${orderId}`, { token: buyer.token })).json().shipment).toBeNull();
  });
});
