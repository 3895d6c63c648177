import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { me, order, payResponse } from '@lantern/contract';
import { signUpByEmail } from '../support/factories.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { buyGame, fundWallet, startGatewayPay } from '../support/payments-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

/** The answer's bytes are what the zod check of the contract would have written: the same fields, values and order, nothing more. */
function expectWrittenByContract(schema: ZodType, res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(res.body).toBe(JSON.stringify(schema.parse(JSON.parse(res.body))));
}

describe('answers of the hot routes, written by a compiled serializer (platform/compiled-response.ts)', () => {
  it('GET /api/me and /api/profile write exactly the contract, on both sites', async () => {
    const abroad = await signUpByEmail(t, api.abroad);
    expectWrittenByContract(me, await api.abroad.get('/api/me', { token: abroad.token }));
    const native = await signUpByEmail(t, api.native);
    await fundWallet(t, native.id, 'CNY', 1234);
    expectWrittenByContract(me, await api.native.get('/api/me', { token: native.token }));
    expectWrittenByContract(me, await api.native.get('/api/profile', { token: native.token }));
  });

  it('creating an order writes exactly the contract', async () => {
    const buyer = await makeAccount(t, { area: 'native' });
    const sku = await makeSku(t, { area: 'native' });
    const res = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
    expectWrittenByContract(order, res);
    expect(res.json()).toMatchObject({ state: 'pending', account_coupon_id: null, address: null, canceled_at_timestamp: null, order_games: [{ sku_id: sku.id, delivery: null }] });
  });

  it('paying writes exactly the contract, from the wallet and through a gateway', async () => {
    const { buyer, order: placed } = await buyGame(t, api, { sku: { listPrice: 700 } });
    await fundWallet(t, buyer.id, 'CNY', 700);
    const paid = await api.native.patch(`/api/orders/${placed.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: placed.version }, { token: buyer.token });
    expectWrittenByContract(payResponse, paid);
    expect(paid.json()).toEqual({ payment_id: expect.any(Number), status: 'complete', order_id: placed.id });

    const other = await buyGame(t, api);
    await startGatewayPay(api, 'native', other.buyer.token, other.order);
    const again = await api.native.patch(`/api/orders/${other.order.id}/pay`, { payment_method: 'wechat', payment_from: 'web', version: other.order.version }, { token: other.buyer.token });
    expectWrittenByContract(payResponse, again);
    expect(again.json()).toMatchObject({ method: 'POST', data: expect.objectContaining({ method: 'wechat' }) });
  });
});
