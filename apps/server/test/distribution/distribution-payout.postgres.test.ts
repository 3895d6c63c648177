import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { COMMISSION_HOLD_SECONDS } from '@lantern/domain';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet, walletBalance } from '../support/payments-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { walletEntries } from '../../src/modules/accounts/tables.ts';
import { payDueCommissions } from '../../src/modules/distribution/index.ts';
import { distributionOrders } from '../../src/modules/distribution/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The commission payout under two instances at once (docs/product/distribution.md#payout), on PostgreSQL: 36
 * attributed orders of three sharers are paid and held; once the hold has passed, four payouts run at the same
 * moment on two server instances (the job's lease would let only one run; this proves the payout is exactly
 * once without it). Every commission is credited once: one `commission` ledger row per order, each wallet
 * raised by its sharer's commissions and not a cent more.
 */
const { t, api } = useTestApp();
let second: TestApp;
beforeAll(async () => {
  second = await createTestApp({ sameDatabaseAs: t });
});
afterAll(async () => {
  await second.close();
});

const SHARERS = 3;
const BUYERS_EACH = 12;
const COMMISSION = 822; // 6,666 at 1,234 bp

describe('four payouts at once on two instances', () => {
  it('credit every payable commission exactly once', { timeout: 240_000 }, async () => {
    const staff = await makeAccount(t, { role: 'staff' });
    const sku = await makeSku(t, { listPrice: 6_666 });
    await keysForSale(t, sku.id, SHARERS * BUYERS_EACH);
    expect((await api.native.put(`/api/admin/skus/${sku.id}/commission_rate`, { commission_rate: { rate_bp: 1_234 } }, { token: staff.token })).statusCode).toBe(200);
    const sharers = await Promise.all(Array.from({ length: SHARERS }, () => makeAccount(t)));
    const orderIds = (await Promise.all(sharers.map(async (sharer) => {
      const code = (await api.native.get('/cps/searchInviteCode', { token: sharer.token })).json().data.inviteCode as string;
      return Promise.all(Array.from({ length: BUYERS_EACH }, async () => {
        const buyer = await makeAccount(t);
        await fundWallet(t, buyer.id, 'CNY', 10_000);
        expect((await api.native.post('/api/cps_visits', { cps_visit: { code } }, { token: buyer.token })).statusCode).toBe(201);
        const created = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
        expect(created.statusCode, created.body).toBe(201);
        const order = created.json() as { id: number; version: number };
        const paid = await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token });
        expect(paid.statusCode, paid.body).toBe(200);
        return order.id;
      }));
    }))).flat();
    expect(orderIds).toHaveLength(SHARERS * BUYERS_EACH);
    expect(await payDueCommissions(t.deps)).toBe(0);

    t.clock.advance(COMMISSION_HOLD_SECONDS);
    const paid = await Promise.all([payDueCommissions(t.deps), payDueCommissions(second.deps), payDueCommissions(t.deps), payDueCommissions(second.deps)]);
    expect(paid.reduce((sum, n) => sum + n, 0)).toBe(SHARERS * BUYERS_EACH);
    expect(await Promise.all([payDueCommissions(t.deps), payDueCommissions(second.deps)])).toEqual([0, 0]);

    const rows = await t.deps.db.select({ state: distributionOrders.state }).from(distributionOrders).where(inArray(distributionOrders.orderId, orderIds));
    expect(rows.every((r) => r.state === 'paid')).toBe(true);
    const entries = await t.deps.db.select().from(walletEntries).where(and(inArray(walletEntries.orderId, orderIds), eq(walletEntries.reason, 'commission')));
    expect(entries).toHaveLength(SHARERS * BUYERS_EACH);
    expect(new Set(entries.map((e) => e.orderId)).size).toBe(SHARERS * BUYERS_EACH);
    for (const sharer of sharers) {
      expect(await walletBalance(t, sharer.id)).toBe(BUYERS_EACH * COMMISSION);
      const mine = entries.filter((e) => e.accountId === sharer.id).sort((a, b) => a.id - b.id);
      expect(mine.map((e) => e.balanceAfter)).toEqual(Array.from({ length: BUYERS_EACH }, (_, i) => (i + 1) * COMMISSION));
    }
  });
});
