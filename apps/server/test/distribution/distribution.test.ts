import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { COMMISSION_HOLD_SECONDS, CPS_ATTRIBUTION_WINDOW_SECONDS } from '@lantern/domain';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { startObservedJobs, eventually } from '../support/jobs-support.ts';
import { auditLog } from '../../src/platform/db/platform-tables.ts';
import { detailedAddresses, walletEntries } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { distributionModule, payDueCommissions } from '../../src/modules/distribution/index.ts';
import { distributionAttributions, distributionOrders } from '../../src/modules/distribution/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/** Distribution (docs/product/distribution.md): codes, rates, attribution of orders and their commission. */
const { t, api } = useTestApp();
let staff: { id: number; token: string };
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
});

const setRate = (skuId: number, rateBp: number, token = staff.token) => api.native.put(`/api/admin/skus/${skuId}/commission_rate`, { commission_rate: { rate_bp: rateBp } }, { token });
const ownCode = async (token: string) => {
  const res = await api.native.get('/cps/searchInviteCode', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { inviteCode: string; inviteLink: string; summary: { ordersCount: number; pendingCommission: number; earnedCommission: number; canceledCount: number } };
};
const visit = (token: string, code: string, site: 'native' | 'abroad' = 'native') => api[site].post('/api/cps_visits', { cps_visit: { code } }, { token });
const order = async (token: string, skuIds: number[], site: 'native' | 'abroad' = 'native') => {
  const res = await api[site].post('/api/orders', { order: { sku_ids: skuIds, cate: 'game', type: 'one_click' } }, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
};
const attributed = async (token: string, site: 'native' | 'abroad' = 'native') => (await api[site].get('/api/me/distribution_orders', { token })).json();

describe('GET /cps/searchInviteCode', () => {
  it('gives an account one code and its link; a guest asking for its own is 401; a code looked up names its sharer; unknown is 404', async () => {
    const sharer = await makeAccount(t);
    expect((await api.native.get('/cps/searchInviteCode')).statusCode).toBe(401);
    expect((await api.native.get('/cps/searchInviteCode')).json()).toMatchObject({ code: 401, data: null, reason: 'unauthorized' });
    const mine = await ownCode(sharer.token);
    expect(mine).toMatchObject({
      inviteCode: expect.stringMatching(/^[2-9A-HJ-KM-NP-Z]{10}$/), own: true, attributionDays: CPS_ATTRIBUTION_WINDOW_SECONDS / 86_400,
      summary: { ordersCount: 0, pendingCommission: 0, earnedCommission: 0, canceledCount: 0, currency: 'CNY' },
    });
    expect(mine.inviteLink).toBe(`${t.deps.config.siteUrls.native.replace(/\/$/, '')}/?cps=${mine.inviteCode}`);
    expect((await ownCode(sharer.token)).inviteCode).toBe(mine.inviteCode);

    const guestLooks = await api.native.get('/cps/searchInviteCode', { query: { inviteCode: mine.inviteCode.toLowerCase() } });
    expect(guestLooks.statusCode).toBe(200);
    expect(guestLooks.json()).toMatchObject({ code: 200, errorMsg: null, data: { inviteCode: mine.inviteCode, own: false, summary: null, sharer: { nickname: expect.any(String) } } });
    const unknown = await api.native.get('/cps/searchInviteCode', { query: { inviteCode: 'ZZZZZZZZZZ' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, data: null, reason: 'not_found' });
    const tooLong = await api.native.get('/cps/searchInviteCode', { query: { inviteCode: 'X'.repeat(40) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ code: 422, reason: 'invalid' });
  });
});

describe('GET /cpsgear/searchScaleBySku', () => {
  it('answers the rate staff set, today\'s price and the commission of one unit, with the share link to the SKU', async () => {
    const sku = await makeSku(t, { listPrice: 9_800, salePrice: 8_800 });
    const user = await makeAccount(t);
    expect((await setRate(sku.id, 750)).statusCode).toBe(200);
    const res = await api.native.get('/cpsgear/searchScaleBySku', { token: user.token, query: { skuId: String(sku.id) } });
    expect(res.statusCode, res.body).toBe(200);
    const code = (await ownCode(user.token)).inviteCode;
    expect(res.json()).toEqual({
      code: 200, errorMsg: null,
      data: { skuId: sku.id, scale: '0.075', scaleBp: 750, price: 8_800, commission: 660, currency: 'CNY', inviteCode: code, shareLink: `${t.deps.config.siteUrls.native.replace(/\/$/, '')}/sku/${sku.id}?cps=${code}` },
    });
  });

  it('answers a scale of 0 for a SKU without a rate, and refuses: guests 401, another site\'s or unknown SKU 404, a bad id 422', async () => {
    const user = await makeAccount(t);
    const plain = await makeSku(t);
    const none = await api.native.get('/cpsgear/searchScaleBySku', { token: user.token, query: { skuId: String(plain.id) } });
    expect(none.json().data).toMatchObject({ scale: '0', scaleBp: 0, commission: 0 });
    expect((await api.native.get('/cpsgear/searchScaleBySku', { query: { skuId: String(plain.id) } })).json()).toMatchObject({ code: 401, reason: 'unauthorized' });
    const abroad = await makeSku(t, { area: 'abroad' });
    const other = await api.native.get('/cpsgear/searchScaleBySku', { token: user.token, query: { skuId: String(abroad.id) } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 404, reason: 'not_found' });
    expect((await api.native.get('/cpsgear/searchScaleBySku', { token: user.token, query: { skuId: '999999999' } })).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '']) {
      const res = await api.native.get('/cpsgear/searchScaleBySku', { token: user.token, query: { skuId: bad } });
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await api.native.get('/cpsgear/searchScaleBySku', { token: user.token })).statusCode).toBe(422);
  });
});

describe('staff commission rates', () => {
  it('are set and cleared by staff only, audited, within 1..5000 basis points', async () => {
    const sku = await makeSku(t);
    const user = await makeAccount(t);
    expect((await setRate(sku.id, 500, user.token)).statusCode).toBe(403);
    const set = await setRate(sku.id, 500);
    expect(set.json()).toMatchObject({ sku_id: sku.id, rate_bp: 500, scale: '0.05', updated_at_timestamp: expect.any(Number) });
    for (const bad of [0, -3, 5_001]) {
      const res = await setRate(sku.id, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors).toEqual({ rate_bp: ['invalid'] });
    }
    expect((await api.native.put(`/api/admin/skus/${sku.id}/commission_rate`, { commission_rate: { rate_bp: 2.5 } }, { token: staff.token })).statusCode).toBe(422);
    expect((await setRate(999_999_999, 500)).json().errors).toEqual({ sku: ['not_found'] });
    expect((await api.native.delete(`/api/admin/skus/${sku.id}/commission_rate`, { token: staff.token })).statusCode).toBe(204);
    const again = await api.native.delete(`/api/admin/skus/${sku.id}/commission_rate`, { token: staff.token });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors).toEqual({ commission_rate: ['not_found'] });
    await expect.poll(async () => (await t.deps.db.select().from(auditLog).where(eq(auditLog.route, '/api/admin/skus/:id/commission_rate')).orderBy(desc(auditLog.id)))
      .filter((r) => r.accountId === staff.id && (r.params as { id: number }).id === sku.id).map((r) => `${r.method} ${r.status}`)).toEqual(expect.arrayContaining(['PUT 200', 'DELETE 204']));
  });
});

describe('POST /api/cps_visits and attribution', () => {
  it('attributes an order placed in the window to the sharer, at the rate in force when it was placed; paying earns it', async () => {
    const sharer = await makeAccount(t);
    const buyer = await makeAccount(t);
    const rated = await makeSku(t, { listPrice: 9_999 });
    const unrated = await makeSku(t, { listPrice: 5_000 });
    await setRate(rated.id, 500);
    const code = (await ownCode(sharer.token)).inviteCode;
    const landed = await visit(buyer.token, code.toLowerCase());
    expect(landed.statusCode, landed.body).toBe(201);
    const at = Math.floor(t.clock.now().getTime() / 1000);
    expect(landed.json().cps_visit).toMatchObject({ attributed_at_timestamp: at, expires_at_timestamp: at + CPS_ATTRIBUTION_WINDOW_SECONDS, sharer: { nickname: expect.any(String) } });

    const placed = await order(buyer.token, [rated.id, unrated.id]);
    await setRate(rated.id, 4_000); // a later change does not touch an order already placed
    let list = await attributed(sharer.token);
    expect(list.meta).toMatchObject({ total_count: 1, page: 1 });
    expect(list.distribution_orders[0]).toMatchObject({ order_id: placed.id, amount: 9_999, commission: 499, currency: 'CNY', state: 'pending', settled_at_timestamp: null });
    expect(list.distribution_orders[0].lines).toEqual(expect.arrayContaining([
      expect.objectContaining({ sku_id: rated.id, amount: 9_999, rate_bp: 500, commission: 499 }),
      expect.objectContaining({ sku_id: unrated.id, amount: 5_000, rate_bp: 0, commission: 0 }),
    ]));
    expect((await attributed(buyer.token)).distribution_orders).toEqual([]);

    await keysForSale(t, rated.id, 1);
    await keysForSale(t, unrated.id, 1);
    await fundWallet(t, buyer.id, 'CNY', 100_000);
    const paid = await api.native.patch(`/api/orders/${placed.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: placed.version }, { token: buyer.token });
    expect(paid.statusCode, paid.body).toBe(200);
    list = await attributed(sharer.token);
    expect(list.distribution_orders[0]).toMatchObject({ state: 'earned', settled_at_timestamp: expect.any(Number) });
    expect((await ownCode(sharer.token)).summary).toMatchObject({ ordersCount: 1, pendingCommission: 0, earnedCommission: 499 });
  });

  it('cancels the commission of an order that ends unpaid, and stops attributing once the window has passed', async () => {
    const sharer = await makeAccount(t);
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 2_000 });
    await setRate(sku.id, 1_000);
    await visit(buyer.token, (await ownCode(sharer.token)).inviteCode);
    const placed = await order(buyer.token, [sku.id]);
    // The app clock runs two minutes ahead of the database's: the cancellation is stamped with the app's.
    t.clock.advance(120);
    const canceledAt = Math.floor(t.clock.now().getTime() / 1000);
    expect((await api.native.post(`/api/orders/${placed.id}/cancel`, {}, { token: buyer.token })).statusCode).toBe(200);
    expect((await attributed(sharer.token)).distribution_orders[0]).toMatchObject({ order_id: placed.id, commission: 200, state: 'canceled', settled_at_timestamp: canceledAt });
    expect((await ownCode(sharer.token)).summary).toMatchObject({ ordersCount: 1, canceledCount: 1, pendingCommission: 0, earnedCommission: 0 });

    // The link was followed a whole window ago (moved in the table: moving the clock would end the session too).
    await t.deps.db.update(distributionAttributions).set({ attributedAt: new Date(t.clock.now().getTime() - CPS_ATTRIBUTION_WINDOW_SECONDS * 1000) })
      .where(eq(distributionAttributions.accountId, buyer.id));
    const late = await makeSku(t, { listPrice: 2_000 });
    await setRate(late.id, 1_000);
    await order(buyer.token, [late.id]);
    expect((await attributed(sharer.token)).meta.total_count).toBe(1);
  });

  it('cancels an earned commission when the paid order is refunded (a peripheral canceled before it ships)', async () => {
    const sharer = await makeAccount(t);
    const buyer = await makeAccount(t);
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 19_900 });
    await setRate(mouse.id, 300);
    await visit(buyer.token, (await ownCode(sharer.token)).inviteCode);
    const [address] = await t.deps.db.insert(detailedAddresses).values({ accountId: buyer.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: '1 号' }).returning();
    const created = await api.native.post('/api/orders', { order: { sku_ids: [mouse.id], cate: 'physical', type: 'one_click', address_id: address!.id } }, { token: buyer.token });
    expect(created.statusCode, created.body).toBe(201);
    const placed = created.json() as { id: number; version: number };
    await fundWallet(t, buyer.id, 'CNY', 50_000);
    expect((await api.native.patch(`/api/orders/${placed.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: placed.version }, { token: buyer.token })).statusCode).toBe(200);
    expect((await attributed(sharer.token)).distribution_orders[0]).toMatchObject({ order_id: placed.id, commission: 597, state: 'earned' });
    expect((await api.native.post(`/api/orders/${placed.id}/cancel`, {}, { token: buyer.token })).json()).toMatchObject({ cancel_reason: 'refunded' });
    expect((await attributed(sharer.token)).distribution_orders[0]).toMatchObject({ order_id: placed.id, state: 'canceled' });
    expect((await ownCode(sharer.token)).summary).toMatchObject({ earnedCommission: 0, canceledCount: 1 });
  });

  it('refuses one\'s own code (own_code), unknown codes (404), guests (401) and blank codes (422); the last link followed wins', async () => {
    const sharer = await makeAccount(t);
    const other = await makeAccount(t);
    const buyer = await makeAccount(t);
    const code = (await ownCode(sharer.token)).inviteCode;
    const self = await visit(sharer.token, code);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ code: ['own_code'] });
    expect((await visit(buyer.token, 'ZZZZZZZZZZ')).json().errors).toEqual({ code: ['not_found'] });
    expect((await visit(buyer.token, 'not-a-code')).statusCode).toBe(404);
    expect((await api.native.post('/api/cps_visits', { cps_visit: { code } })).statusCode).toBe(401);
    expect((await visit(buyer.token, '')).statusCode).toBe(422);
    expect((await api.native.post('/api/cps_visits', {}, { token: buyer.token })).statusCode).toBe(422);
    expect((await api.native.get('/api/me/distribution_orders')).statusCode).toBe(401);

    // The sharer's own order through its own link (had it been followed) is never attributed to itself.
    const sku = await makeSku(t, { listPrice: 3_000 });
    await setRate(sku.id, 500);
    await order(sharer.token, [sku.id]);
    expect((await attributed(sharer.token)).meta.total_count).toBe(0);

    await visit(buyer.token, code);
    await visit(buyer.token, (await ownCode(other.token)).inviteCode);
    const placed = await order(buyer.token, [sku.id]);
    expect((await attributed(sharer.token)).meta.total_count).toBe(0);
    expect((await attributed(other.token)).distribution_orders[0]).toMatchObject({ order_id: placed.id, commission: 150 });
  });
});

/** Pays for an order from the buyer's wallet (funded first). */
const payFromWallet = async (buyer: { id: number; token: string }, placed: { id: number; version: number }) => {
  await fundWallet(t, buyer.id, 'CNY', 100_000);
  const paid = await api.native.patch(`/api/orders/${placed.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: placed.version }, { token: buyer.token });
  expect(paid.statusCode, paid.body).toBe(200);
};
/** A fresh session for an account once the clock has moved past its old one. */
const signedIn = async (account: { id: number }) => ({ id: account.id, token: (await startSession(t.deps, t.deps.db, account.id, 'native')).accessToken });
const commissionEntries = (accountId: number) => t.deps.db.select().from(walletEntries).where(and(eq(walletEntries.accountId, accountId), eq(walletEntries.reason, 'commission')));
const stateOf = async (orderId: number) => (await t.deps.db.select({ state: distributionOrders.state }).from(distributionOrders).where(eq(distributionOrders.orderId, orderId)))[0]!.state;

/** A physical order placed through the sharer's link and paid from the wallet. */
async function paidPeripheralThrough(sharer: { token: string }, buyer: { id: number; token: string }, rateBp: number, listPrice: number) {
  const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice });
  // Staff sign in afresh: earlier tests of this file moved the clock past their first session.
  expect((await setRate(mouse.id, rateBp, (await signedIn(staff)).token)).statusCode).toBe(200);
  await visit(buyer.token, (await ownCode(sharer.token)).inviteCode);
  const [address] = await t.deps.db.insert(detailedAddresses).values({ accountId: buyer.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: '1 号' }).returning();
  const created = await api.native.post('/api/orders', { order: { sku_ids: [mouse.id], cate: 'physical', type: 'one_click', address_id: address!.id } }, { token: buyer.token });
  expect(created.statusCode, created.body).toBe(201);
  const placed = created.json() as { id: number; version: number };
  await payFromWallet(buyer, placed);
  return placed;
}

describe('commission payout (docs/product/distribution.md#payout)', () => {
  it('is registered as a periodic job of the module', () => {
    expect(distributionModule.jobs?.map((j) => j.name)).toEqual(['commission payout']);
  });

  it('credits an earned commission to the sharer\'s wallet once the hold has passed, once, by the job; the wallet and the page show it paid', async () => {
    const sharer = await makeAccount(t);
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 2_000 });
    await setRate(sku.id, 1_000);
    await keysForSale(t, sku.id, 1);
    await visit(buyer.token, (await ownCode(sharer.token)).inviteCode);
    const placed = await order(buyer.token, [sku.id]);
    await payFromWallet(buyer, placed);
    const earnedAt = Math.floor(t.clock.now().getTime() / 1000);
    expect((await attributed(sharer.token)).distribution_orders[0]).toMatchObject({ state: 'earned', payable_at_timestamp: earnedAt + COMMISSION_HOLD_SECONDS, paid_at_timestamp: null });

    // A second short of the hold: nothing is paid.
    t.clock.advance(COMMISSION_HOLD_SECONDS - 1);
    await payDueCommissions(t.deps);
    expect(await stateOf(placed.id)).toBe('earned');
    expect(await commissionEntries(sharer.id)).toEqual([]);

    // At the hold's end, the job (through the job runner, as main.ts starts it) pays it.
    t.clock.advance(1);
    const paidAt = Math.floor(t.clock.now().getTime() / 1000);
    const jobs = startObservedJobs(t.deps, distributionModule.jobs!);
    try {
      await eventually(async () => expect(await stateOf(placed.id)).toBe('paid'));
    } finally {
      await jobs.stop();
    }
    expect(await payDueCommissions(t.deps)).toBe(0);
    const entries = await commissionEntries(sharer.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ delta: 200, balanceAfter: 200, orderId: placed.id, currency: 'CNY' });

    const me = await signedIn(sharer);
    const wallet = (await api.native.get('/api/me/wallet_entries', { token: me.token })).json();
    expect(wallet.meta).toMatchObject({ balance: 200, recorded_balance: 200 });
    expect(wallet.wallet_entries[0]).toMatchObject({ reason: 'commission', delta: 200, order_id: placed.id, created_at_timestamp: paidAt });
    expect((await attributed(me.token)).distribution_orders[0]).toMatchObject({ state: 'paid', payable_at_timestamp: null, paid_at_timestamp: paidAt });
    expect((await ownCode(me.token)).summary).toMatchObject({ pendingCommission: 0, earnedCommission: 0, paidCommission: 200 });
  });

  it('holds a peripheral\'s commission until it ships (its buyer may cancel it until then): canceled unpaid, shipped paid; nothing is ever clawed back', async () => {
    const sharer = await makeAccount(t);
    const buyer = await makeAccount(t);
    const kept = await paidPeripheralThrough(sharer, buyer, 1_000, 10_000);
    const returned = await paidPeripheralThrough(sharer, buyer, 1_000, 20_000);

    t.clock.advance(COMMISSION_HOLD_SECONDS + 60);
    const me = await signedIn(sharer);
    const customer = await signedIn(buyer);
    const admin = await signedIn(staff);
    expect(await payDueCommissions(t.deps)).toBe(0);
    expect([await stateOf(kept.id), await stateOf(returned.id)]).toEqual(['earned', 'earned']);

    // The buyer cancels one before it ships: refunded, its commission canceled, nothing was paid.
    expect((await api.native.post(`/api/orders/${returned.id}/cancel`, {}, { token: customer.token })).json()).toMatchObject({ cancel_reason: 'refunded' });
    expect(await stateOf(returned.id)).toBe('canceled');
    // Staff ship the other: it can no longer be refunded, so the next payout credits it.
    const shipped = await api.native.patch(`/api/admin/orders/${kept.id}/shipment`, { shipment: { state: 'shipped', carrier: 'SF', tracking_number: 'SF0001' } }, { token: admin.token });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await payDueCommissions(t.deps)).toBe(1);
    expect(await stateOf(kept.id)).toBe('paid');
    expect((await commissionEntries(sharer.id)).map((e) => ({ orderId: e.orderId, delta: e.delta }))).toEqual([{ orderId: kept.id, delta: 1_000 }]);
    expect((await api.native.post(`/api/orders/${kept.id}/cancel`, {}, { token: customer.token })).statusCode).toBe(422);
    expect((await ownCode(me.token)).summary).toMatchObject({ paidCommission: 1_000, earnedCommission: 0, canceledCount: 1 });
  });
});
