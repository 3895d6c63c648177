import { describe, expect, it } from 'vitest';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { stockKeys } from '../support/keys-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** Virtual goods are bought by the unit: each unit of a paid line gets a code of its own. */
const { t, api } = useTestApp();

interface Entry { id: number | null; order_id: number; code: string | null; delivery: { state: string } }

/** A buyer with a funded wallet orders `quantity` units of a virtual good from the cart and pays from the wallet. */
async function buyUnits(skuId: number, quantity: number) {
  const buyer = await makeAccount(t);
  await fundWallet(t, buyer.id, 'CNY', 1_000_000);
  // The cart takes one more unit per change, as the web's + button does.
  for (let units = 1; units <= quantity; units++) {
    const carted = await api.native.patch('/api/cart', { cart: { cart_skus: [{ sku_id: skuId, quantity: units }] } }, { token: buyer.token });
    expect(carted.statusCode, carted.body).toBe(200);
  }
  const placed = await api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'virtual', type: 'cart' } }, { token: buyer.token });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as { id: number; version: number };
  const paid = await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', version: order.version }, { token: buyer.token });
  expect(paid.json()).toMatchObject({ status: 'complete' });
  return { buyer, orderId: order.id };
}

const codesOf = async (token: string) => (await api.native.get('/api/virtual/game_keys?per=50', { token })).json().game_keys as Entry[];
const virtualGoods = () => makeSku(t, { product: { cate: 'virtual', kind: 'virtual' }, keyType: null, listPrice: 600 });

describe('a line of several units of a virtual good', () => {
  it('gets one code per unit: buying 3 shows the owner 3 distinct codes, on the order and in the code list', async () => {
    const goods = await virtualGoods();
    await stockKeys(t, goods.id, ['GIFT-UNIT-0001', 'GIFT-UNIT-0002', 'GIFT-UNIT-0003', 'GIFT-UNIT-0004'], 'other');
    const { buyer, orderId } = await buyUnits(goods.id, 3);

    const entries = await codesOf(buyer.token);
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.delivery.state === 'delivered' && e.order_id === orderId)).toBe(true);
    expect(new Set(entries.map((e) => e.code)).size).toBe(3);
    const order = (await api.native.get(`/api/me/orders/${orderId}`, { token: buyer.token })).json();
    expect(order.order_games[0]).toMatchObject({ quantity: 3, delivery: { state: 'delivered' } });
    expect(new Set(order.order_games[0].game_keys.map((k: { id: number }) => k.id))).toEqual(new Set(entries.map((e) => e.id)));
    // Each code is revealed to its owner alone.
    for (const entry of entries) {
      const revealed = await api.native.get(`/api/me/game_keys/${entry.id}`, { token: buyer.token });
      expect(revealed.json().code).toBe(entry.code);
    }
    const stranger = await makeAccount(t);
    expect((await api.native.get(`/api/me/game_keys/${entries[0]!.id}`, { token: stranger.token })).statusCode).toBe(404);
  });

  it('with too little stock: delivers what there is, the missing units wait, and later imports fill them oldest order first', async () => {
    const goods = await virtualGoods();
    await stockKeys(t, goods.id, ['PART-0001'], 'other');
    const first = await buyUnits(goods.id, 3);
    const second = await buyUnits(goods.id, 2);

    const states = async (token: string) => (await codesOf(token)).map((e) => e.delivery.state).sort();
    expect(await states(first.buyer.token)).toEqual(['delivered', 'ordering', 'ordering']);
    const order = (await api.native.get(`/api/me/orders/${first.orderId}`, { token: first.buyer.token })).json();
    // The line shows its least advanced unit, and the one code it has.
    expect(order.order_games[0]).toMatchObject({ delivery: { state: 'ordering' }, game_keys: [expect.objectContaining({ kind: 'goods_code' })] });
    expect(await states(second.buyer.token)).toEqual(['ordering', 'ordering']);

    // Three codes arrive: the first order's two waiting units, then the second order's oldest.
    expect((await stockKeys(t, goods.id, ['PART-0002', 'PART-0003', 'PART-0004'], 'other')).delivered).toBe(3);
    expect(await states(first.buyer.token)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await states(second.buyer.token)).toEqual(['delivered', 'ordering']);
    const codes = [...(await codesOf(first.buyer.token)), ...(await codesOf(second.buyer.token))].map((e) => e.code).filter((c) => c !== null);
    expect(new Set(codes).size).toBe(4);
  });
});
