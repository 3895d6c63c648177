import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder } from '../support/keys-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { keyBatches } from '../../src/modules/keys/tables.ts';
import { supplierOrdersSettled, supplierRetryJob } from '../../src/modules/keys/supplier-orders.ts';
import type { GenbaSupplier, SandboxGenbaSupplier } from '../../src/platform/genba-supplier.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The `key` notification (docs/product/messaging.md#key-arrived): a buyer whose pre-ordered or waiting key
 * arrives is told, in the transaction that gave the key, with the order as link; nobody else is told.
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

type Account = { id: number; token: string };
const inbox = async (who: Account) => (await api.native.get(NOTIFICATIONS_API.messages, { token: who.token })).json().messages as Record<string, unknown>[];
const badges = async (who: Account) => (await api.native.get('/api/me', { token: who.token })).json().noti_badges as Record<string, number>;

describe('a waiting key arrives', () => {
  it('a staff import tells each pre-order buyer whose key it filled, once per order, with a link to the order', async () => {
    const staff = await makeAccount(t, { role: 'staff' });
    const upcoming = await makeSku(t, { status: 'pre_sale', releasedAt: new Date(t.clock.now().getTime() + 86_400_000) });
    const [early, late] = [await makeAccount(t), await makeAccount(t)];
    const earlyOrder = await makePaidOrder(t, early.id, [upcoming], { quantity: 2 });
    t.clock.advance(1);
    await makePaidOrder(t, late.id, [upcoming]);
    expect(await inbox(early)).toEqual([]);

    const imported = await api.native.post(`/api/admin/skus/${upcoming.id}/keys`, { keys: { codes: ['ARRIV-ED000-00001', 'ARRIV-ED000-00002'] } }, { token: staff.token });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ delivered: 2 });
    // Both units of the early order got keys: one notification; the late buyer still waits and hears nothing.
    expect(await inbox(early)).toEqual([expect.objectContaining({
      kind: 'key', actor: null, target_type: 'Order', target_id: earlyOrder, href: `/orders/${earlyOrder}`, excerpt: upcoming.skuName.chs,
    })]);
    expect(await badges(early)).toMatchObject({ total: 1, system_num: 1 });
    expect(await inbox(late)).toEqual([]);
    expect(await inbox(staff)).toEqual([]);

    // The next key fills the late order and tells its buyer.
    await api.native.post(`/api/admin/skus/${upcoming.id}/keys`, { keys: { codes: ['ARRIV-ED000-00003'] } }, { token: staff.token });
    expect((await inbox(late)).map((m) => m.kind)).toEqual(['key']);
  });

  it('an import that fills nothing tells nobody; a buyer who turned the kind off gets the key but no notification', async () => {
    const sku = await makeSku(t);
    const buyer = await makeAccount(t);
    const off = await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { key: false } } }, { token: buyer.token });
    expect(off.statusCode, off.body).toBe(200);
    await makePaidOrder(t, buyer.id, [sku]);
    const staff = await makeAccount(t, { role: 'staff' });
    const imported = await api.native.post(`/api/admin/skus/${sku.id}/keys`, { keys: { codes: ['KINDO-FF000-00001', 'KINDO-FF000-00002'] } }, { token: staff.token });
    expect(imported.json()).toMatchObject({ added: 2, delivered: 1 });
    expect(await inbox(buyer)).toEqual([]);
    expect(await badges(buyer)).toMatchObject({ total: 0, system_num: 0 });
  });

  it('a supplier key that comes on a retry tells the buyer; one that comes right after the payment does not', async () => {
    const sku = await makeSku(t);
    await t.deps.db.insert(keyBatches).values({ skuId: sku.id, source: 'genba', added: 0, skipped: 0, note: 'enrolled', createdAt: t.clock.now() });
    const buy = async () => {
      const buyer = await makeAccount(t);
      await fundWallet(t, buyer.id, 'CNY', 1_000_000);
      const placed = (await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json();
      const paid = await api.native.patch(`/api/orders/${placed.id}/pay`, { payment_method: 'wallet', version: placed.version }, { token: buyer.token });
      expect(paid.json()).toMatchObject({ status: 'complete' });
      await supplierOrdersSettled();
      return { buyer, orderId: placed.id as number };
    };
    const atOnce = await buy();
    expect(await inbox(atOnce.buyer)).toEqual([]);

    (t.deps.genba as SandboxGenbaSupplier).refuse(sku.id, 'out_of_stock');
    const waited = await buy();
    expect(await inbox(waited.buyer)).toEqual([]);
    t.clock.advance(30);
    await supplierRetryJob.run(t.deps);
    expect(await inbox(waited.buyer)).toEqual([expect.objectContaining({ kind: 'key', href: `/orders/${waited.orderId}` })]);
  });
});
