import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet, notify, paymentRow, scoreOf, setScore, signedNotification, startGatewayPay, walletBalance } from '../support/payments-factories.ts';
import { detailedAddresses } from '../../src/modules/accounts/tables.ts';
import { skus } from '../../src/modules/catalog/tables.ts';
import { refunds } from '../../src/modules/payments/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let staff: { id: number; token: string };
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
});

const PRICE = 19_900;

/** A buyer with an address and a pending physical order of one peripheral, placed through the API. */
async function physicalOrder(options: { points?: number } = {}) {
  const buyer = await makeAccount(t);
  const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: PRICE });
  if (options.points) await t.deps.db.update(skus).set({ canPointsPay: true, listPoints: options.points, salePoints: options.points }).where(eq(skus.id, mouse.id));
  const [address] = await t.deps.db.insert(detailedAddresses).values({ accountId: buyer.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: '1 号' }).returning();
  const created = await api.native.post('/api/orders', { order: { sku_ids: [mouse.id], cate: 'physical', type: 'one_click', address_id: address!.id } }, { token: buyer.token });
  expect(created.statusCode, created.body).toBe(201);
  return { buyer, order: created.json() as { id: number; version: number; total_amount: number } };
}

async function paidFromWallet() {
  const { buyer, order } = await physicalOrder();
  await fundWallet(t, buyer.id, 'CNY', 50_000);
  const paid = await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token });
  expect(paid.statusCode, paid.body).toBe(200);
  return { buyer, orderId: order.id };
}

const orderOf = async (token: string, id: number) => (await api.native.get(`/api/me/orders/${id}`, { token })).json();
const cancel = (token: string, id: number) => api.native.post(`/api/orders/${id}/cancel`, {}, { token });
const ship = (id: number) => api.native.patch(`/api/admin/orders/${id}/shipment`, { shipment: { state: 'shipped', carrier: 'SF', tracking_number: 'SF0001' } }, { token: staff.token });

describe('a paid physical order', () => {
  it('reads paid while prepared, shipped on its way, and completed only once delivered', async () => {
    const { buyer, orderId } = await paidFromWallet();
    expect(await orderOf(buyer.token, orderId)).toMatchObject({ state: 'completed', display_state: 'paid', shipment: { state: 'preparing' } });
    expect((await ship(orderId)).statusCode).toBe(200);
    expect(await orderOf(buyer.token, orderId)).toMatchObject({ display_state: 'shipped', shipment: { state: 'shipped', tracking_number: 'SF0001' } });
    await api.native.patch(`/api/admin/orders/${orderId}/shipment`, { shipment: { state: 'delivered' } }, { token: staff.token });
    expect(await orderOf(buyer.token, orderId)).toMatchObject({ display_state: 'completed', shipment: { state: 'delivered' } });
    const listed = (await api.native.get('/api/me/orders', { token: buyer.token })).json().orders[0];
    expect(listed).toMatchObject({ id: orderId, display_state: 'completed' });
  });

  it('is canceled by the buyer before it ships, the wallet paid back in the same transaction; staff can no longer ship it', async () => {
    const { buyer, orderId } = await paidFromWallet();
    expect(await walletBalance(t, buyer.id)).toBe(50_000 - PRICE);
    const res = await cancel(buyer.token, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'canceled', display_state: 'canceled', cancel_reason: 'refunded', shipment: { state: 'canceled' } });
    expect(await walletBalance(t, buyer.id)).toBe(50_000);
    const payment = res.json().payments[0];
    expect(payment).toMatchObject({ method: 'wallet', state: 'refunded' });
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toMatchObject([{ reason: 'buyer_canceled', state: 'succeeded', amount: PRICE }]);
    expect((await ship(orderId)).json().errors).toEqual({ state: ['state_invalid'] });
    // Asking again changes nothing and pays nothing twice.
    expect((await cancel(buyer.token, orderId)).statusCode).toBe(200);
    expect(await walletBalance(t, buyer.id)).toBe(50_000);
  });

  it('cannot be canceled once shipped (shipment: shipped), and keeps its money', async () => {
    const { buyer, orderId } = await paidFromWallet();
    await ship(orderId);
    const res = await cancel(buyer.token, orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ shipment: ['shipped'] });
    expect(await orderOf(buyer.token, orderId)).toMatchObject({ state: 'completed', display_state: 'shipped' });
    expect(await walletBalance(t, buyer.id)).toBe(50_000 - PRICE);
    // Deleting is not canceling: a paid order is never deleted.
    expect((await api.native.delete(`/api/orders/${orderId}`, { token: buyer.token })).json().errors).toEqual({ state: ['completed'] });
  });

  it('paid with points gets its points back', async () => {
    const { buyer, order } = await physicalOrder({ points: 700 });
    await setScore(t, buyer.id, 1000);
    expect((await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'points', payment_from: 'web', version: order.version }, { token: buyer.token })).statusCode).toBe(200);
    expect(await scoreOf(t, buyer.id)).toBe(300);
    expect((await cancel(buyer.token, order.id)).statusCode).toBe(200);
    expect(await scoreOf(t, buyer.id)).toBe(1000);
  });

  it('paid through a gateway is refunded through that gateway', async () => {
    const { buyer, order } = await physicalOrder();
    const attempt = await startGatewayPay(api, 'native', buyer.token, order);
    expect((await notify(t, signedNotification(t, { out_trade_no: attempt.outTradeNo, amount: order.total_amount, currency: 'CNY' }))).statusCode).toBeLessThan(300);
    expect(await orderOf(buyer.token, order.id)).toMatchObject({ state: 'completed', display_state: 'paid' });
    expect((await cancel(buyer.token, order.id)).statusCode).toBe(200);
    expect((await paymentRow(t, attempt.payment_id)).state).toBe('refunded');
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.paymentId, attempt.payment_id))).toMatchObject([{ reason: 'buyer_canceled', state: 'succeeded', amount: order.total_amount }]);
  });

  it('of a cancel and a shipping at the same moment, exactly one wins, and money moves only with the cancel', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 6; round += 1) {
      const { buyer, orderId } = await paidFromWallet();
      const [canceled, shipped] = await Promise.all([cancel(buyer.token, orderId), ship(orderId)]);
      expect([canceled.statusCode, shipped.statusCode].sort()).toEqual([200, 422]);
      const after = await orderOf(buyer.token, orderId);
      if (canceled.statusCode === 200) {
        expect(shipped.json().errors).toEqual({ state: ['state_invalid'] });
        expect(after).toMatchObject({ state: 'canceled', shipment: { state: 'canceled' } });
        expect(await walletBalance(t, buyer.id)).toBe(50_000);
      } else {
        expect(canceled.json().errors).toEqual({ shipment: ['shipped'] });
        expect(after).toMatchObject({ state: 'completed', display_state: 'shipped' });
        expect(await walletBalance(t, buyer.id)).toBe(50_000 - PRICE);
      }
    }
  });
});

describe('a paid key order', () => {
  it('still cannot be canceled: its keys were delivered on payment', async () => {
    const buyer = await makeAccount(t);
    const game = await makeSku(t, { listPrice: 1000 });
    await fundWallet(t, buyer.id, 'CNY', 5000);
    const created = (await api.native.post('/api/orders', { order: { sku_ids: [game.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json();
    await api.native.patch(`/api/orders/${created.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: created.version }, { token: buyer.token });
    expect((await cancel(buyer.token, created.id)).json().errors).toEqual({ state: ['completed'] });
    expect(await orderOf(buyer.token, created.id)).toMatchObject({ display_state: 'completed', shipment: null });
  });
});
