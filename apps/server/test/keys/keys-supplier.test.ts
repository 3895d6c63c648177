import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { keyBatches, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { SUPPLIER_MAX_ATTEMPTS, supplierOrdersSettled, supplierRetryJob } from '../../src/modules/keys/supplier-orders.ts';
import type { GenbaSupplier, SandboxGenbaSupplier, SupplierAnswer, SupplierOrder } from '../../src/platform/genba-supplier.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The key supplier (genba) is an outside party: it is never called inside a payment's transaction. The
 * paid unit waits as ordering, a call is made right after the commit, and the supplier job retries what
 * failed, with backoff, until a key comes or the supplier refuses for good.
 */
const { t, api } = useTestApp();
let sandbox: GenbaSupplier;
beforeAll(async () => {
  sandbox = t.deps.genba;
});
afterEach(async () => {
  await supplierOrdersSettled();
  t.deps.genba = sandbox;
});

/** A supplier SKU with an empty pool (enrolled by a genba batch). */
async function supplierSku(options: { region?: string } = {}) {
  const sku = await makeSku(t, { region: options.region ?? null });
  await t.deps.db.insert(keyBatches).values({ skuId: sku.id, source: 'genba', added: 0, skipped: 0, note: 'enrolled', createdAt: t.clock.now() });
  return sku;
}

/** Orders the SKU and pays from the wallet: the pay call's answer. */
async function buyAndPay(skuId: number) {
  const buyer = await makeAccount(t);
  await fundWallet(t, buyer.id, 'CNY', 1_000_000);
  const placed = (await api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json();
  const paid = await api.native.patch(`/api/orders/${placed.id}/pay`, { payment_method: 'wallet', version: placed.version }, { token: buyer.token });
  return { buyer, orderId: placed.id as number, paid };
}

const lineOf = (token: string, orderId: number) =>
  api.native.get(`/api/me/orders/${orderId}`, { token }).then((r) => r.json().order_games[0] as { delivery: { state: string; source: string; error: string | null }; game_keys: unknown[] });
const unitOf = async (orderId: number) => (await t.deps.db.select().from(keyDeliveries).where(eq(keyDeliveries.orderId, orderId)))[0]!;

/** A supplier that answers only when the test says so, and records what the database showed when it was called. */
function heldSupplier() {
  let release: (answer: SupplierAnswer) => void = () => {};
  let wasCalled: () => void = () => {};
  const called = new Promise<void>((resolve) => {
    wasCalled = resolve;
  });
  const seen: Array<{ orderState: string | undefined; unitState: string | undefined }> = [];
  const supplier: GenbaSupplier = {
    async orderKey(order: SupplierOrder) {
      const orderGameId = Number(order.reference.split(':')[1]);
      // Read through the pool, outside any transaction: only committed rows are visible here.
      const [unit] = await t.deps.db.select().from(keyDeliveries).where(eq(keyDeliveries.orderGameId, orderGameId));
      const [order_] = unit ? await t.deps.db.select().from(orders).where(eq(orders.id, unit.orderId)) : [];
      seen.push({ orderState: order_?.state, unitState: unit?.state });
      const answer = new Promise<SupplierAnswer>((resolve) => {
        release = resolve;
      });
      wasCalled();
      return answer;
    },
  };
  return { supplier, seen, called, release: (answer: SupplierAnswer) => release(answer) };
}

describe('paying for a key the supplier sells', () => {
  it('answers complete without waiting for the supplier, which is called only after the payment committed', async () => {
    const sku = await supplierSku();
    const held = heldSupplier();
    t.deps.genba = held.supplier;

    const { buyer, orderId, paid } = await buyAndPay(sku.id);
    // The supplier has not answered, yet the buyer has theirs.
    expect(paid.json()).toMatchObject({ status: 'complete', order_id: orderId });
    // When the supplier was called, the payment had committed: the order completed, the unit ordering.
    await held.called;
    expect(held.seen).toEqual([{ orderState: 'completed', unitState: 'ordering' }]);
    expect((await lineOf(buyer.token, orderId)).delivery).toMatchObject({ state: 'ordering', source: 'genba' });

    held.release({ ok: true, code: 'HELD-SUPPL-00001' });
    await supplierOrdersSettled();
    const line = await lineOf(buyer.token, orderId);
    expect(line.delivery).toMatchObject({ state: 'delivered', source: 'genba', error: null });
    expect(line.game_keys).toHaveLength(1);
  });

  it('retries a failing supplier with backoff from the supplier job, and the line gets its key later', async () => {
    const sku = await supplierSku();
    (t.deps.genba as SandboxGenbaSupplier).refuse(sku.id, 'out_of_stock', 'unavailable');
    const { buyer, orderId } = await buyAndPay(sku.id);
    await supplierOrdersSettled();
    expect((await lineOf(buyer.token, orderId)).delivery).toMatchObject({ state: 'ordering', error: 'factory_out_of_stock' });
    expect(await unitOf(orderId)).toMatchObject({ supplierAttempts: 1, nextAttemptAt: new Date(t.clock.now().getTime() + 30_000) });

    // Not due yet: the job leaves it alone.
    await supplierRetryJob.run(t.deps);
    expect((await unitOf(orderId)).supplierAttempts).toBe(1);

    t.clock.advance(30);
    await supplierRetryJob.run(t.deps);
    expect(await unitOf(orderId)).toMatchObject({ state: 'ordering', supplierError: 'factory_unavailable', supplierAttempts: 2, nextAttemptAt: new Date(t.clock.now().getTime() + 60_000) });

    t.clock.advance(60);
    await supplierRetryJob.run(t.deps);
    const line = await lineOf(buyer.token, orderId);
    expect(line.delivery).toMatchObject({ state: 'delivered', source: 'genba', error: null });
    expect(line.game_keys).toHaveLength(1);
    expect(await unitOf(orderId)).toMatchObject({ supplierAttempts: 3, nextAttemptAt: null });
  });

  it('retries a supplier that cannot be reached (the call throws), as it would a timeout', async () => {
    const sku = await supplierSku();
    t.deps.genba = { orderKey: async () => { throw new Error('connect ECONNREFUSED'); } };
    const { buyer, orderId } = await buyAndPay(sku.id);
    await supplierOrdersSettled();
    expect(await unitOf(orderId)).toMatchObject({ state: 'ordering', supplierError: null, supplierAttempts: 1 });

    t.deps.genba = sandbox;
    t.clock.advance(30);
    await supplierRetryJob.run(t.deps);
    expect((await lineOf(buyer.token, orderId)).delivery.state).toBe('delivered');
  });

  it('ends visibly when the supplier refuses for good: refused with its reason, at once for a final refusal', async () => {
    const sku = await supplierSku({ region: 'cn' });
    const { buyer, orderId } = await buyAndPay(sku.id);
    await supplierOrdersSettled();
    expect((await lineOf(buyer.token, orderId)).delivery).toMatchObject({ state: 'refused', error: 'factory_region_locked' });
    const keys = (await api.native.get('/api/game_key?q[delivery_state_eq]=refused', { token: buyer.token })).json();
    expect(keys.game_keys).toEqual([expect.objectContaining({ order_id: orderId, delivery: expect.objectContaining({ state: 'refused', error: 'factory_region_locked' }) })]);
  });

  it(`ends refused after ${SUPPLIER_MAX_ATTEMPTS} refusals that could have changed, with the last reason`, async () => {
    const sku = await supplierSku();
    (t.deps.genba as SandboxGenbaSupplier).refuse(sku.id, ...Array(SUPPLIER_MAX_ATTEMPTS).fill('out_of_stock'));
    const { orderId } = await buyAndPay(sku.id);
    await supplierOrdersSettled();
    for (let attempt = 2; attempt <= SUPPLIER_MAX_ATTEMPTS; attempt++) {
      t.clock.advance(3600);
      await supplierRetryJob.run(t.deps);
    }
    expect(await unitOf(orderId)).toMatchObject({ state: 'refused', supplierError: 'factory_out_of_stock', supplierAttempts: SUPPLIER_MAX_ATTEMPTS, nextAttemptAt: null });
    // Nothing more is asked of the supplier.
    t.clock.advance(3600);
    expect(await supplierRetryJob.run(t.deps)).toBe(0);
  });
});
