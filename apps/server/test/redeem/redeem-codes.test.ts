import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAccount, makeProduct, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { makePaidOrder, stockKeys } from '../support/keys-factories.ts';
import { solvedCaptcha } from '../support/factories.ts';
import { issueRedeemCodes, type IssueCodesInput } from '../../src/modules/redeem/issue.ts';
import { redeemCodes } from '../../src/modules/redeem/tables.ts';
import { accountCoupons, coupons } from '../../src/modules/coupons/tables.ts';
import { accounts, pointRecords } from '../../src/modules/accounts/tables.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';
import { gameKeys } from '../../src/modules/keys/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

async function issue(goods: IssueCodesInput['goods'], options: Partial<IssueCodesInput> = {}) {
  const [code] = await issueRedeemCodes(t.deps, t.deps.db, { area: 'native', goods, count: 1, ...options });
  return code!;
}
const redeem = (token: string, code: string, extra: Record<string, string> = {}, client = api.native) => client.post('/api/redeem', { redeem: { code, ...extra } }, { token });

describe('POST /api/redeem: goods', () => {
  it('gives a game: a library entry, a key through a zero-amount completed order, and the redemption record', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 9900 });
    await stockKeys(t, sku.id, ['REDEE-MGAME-00001']);
    const code = await issue({ kind: 'sku', skuId: sku.id });

    const res = await redeem(buyer.token, code.code.toLowerCase().replaceAll('-', ' '));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: code.id, code_tail: code.code.replaceAll('-', '').slice(-4), redeemed_at_timestamp: expect.any(Number),
      goods: { kind: 'sku', area: 'native', remote_id: String(sku.id), sku: { id: sku.id, product_id: sku.productId }, coupon: null, points: null },
      order_id: expect.any(Number), library_game_id: expect.any(Number), account_coupon_id: null,
    });
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(order).toMatchObject({ accountId: buyer.id, state: 'completed', totalAmount: 0, listAmount: 9900, type: 'one_click' });
    const [library] = await t.deps.db.select().from(libraryGames).where(eq(libraryGames.id, body.library_game_id));
    expect(library).toMatchObject({ accountId: buyer.id, skuId: sku.id, source: 'redeem', sourceId: code.id });
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    expect(key).toMatchObject({ state: 'assigned', accountId: buyer.id });
    const [row] = await t.deps.db.select().from(redeemCodes).where(eq(redeemCodes.id, code.id));
    expect(row).toMatchObject({ state: 'used', usedBy: buyer.id });
    // The key shows in the key list like a bought one.
    expect((await api.native.get('/api/game_key', { token: buyer.token })).json().game_keys[0]).toMatchObject({ id: key!.id, sku_id: sku.id });
  });

  it('gives a game whose pool is empty: the line waits (ordering), as a bought one would', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const code = await issue({ kind: 'sku', skuId: sku.id });
    expect((await redeem(buyer.token, code.code)).statusCode).toBe(201);
    expect((await api.native.get('/api/game_key', { token: buyer.token })).json().game_keys[0]).toMatchObject({ id: null, delivery: { state: 'ordering' } });
  });

  it('gives a coupon: an account coupon taken from the coupon’s units', async () => {
    const buyer = await makeAccount(t);
    const coupon = await makeCoupon(t, { leftAmount: 5, totalAmount: 5 });
    const code = await issue({ kind: 'coupon', couponId: coupon.id });
    const res = await redeem(buyer.token, code.code);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ goods: { kind: 'coupon', coupon: { id: coupon.id, title: coupon.title } }, account_coupon_id: expect.any(Number), order_id: null });
    const held = await t.deps.db.select().from(accountCoupons).where(and(eq(accountCoupons.accountId, buyer.id), eq(accountCoupons.couponId, coupon.id)));
    expect(held).toHaveLength(1);
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.leftAmount).toBe(4);
    expect((await api.native.get('/api/me/account_coupons', { token: buyer.token })).json().account_coupons[0]).toMatchObject({ coupon_id: coupon.id, state: 'available' });
  });

  it('gives points: added to the score with a produce record', async () => {
    const buyer = await makeAccount(t);
    const code = await issue({ kind: 'points', points: 250 });
    const res = await redeem(buyer.token, code.code);
    expect(res.json()).toMatchObject({ goods: { kind: 'points', points: 250 } });
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.id, buyer.id));
    expect(account!.score).toBe(250);
    const [record] = await t.deps.db.select().from(pointRecords).where(eq(pointRecords.accountId, buyer.id));
    expect(record).toMatchObject({ kind: 'produce', realScore: 250, reason: 'redeem', targetType: 'redeem_code', targetId: code.id });
  });
});

describe('POST /api/redeem: refusals', () => {
  it('404 not_found for an unknown code; 422 blank for nothing', async () => {
    const buyer = await makeAccount(t);
    const res = await redeem(buyer.token, 'NOPE-NOPE-NOPE-NOPE');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { code: ['not_found'] }, meta: { need_captcha: false, attempts_left: 2 } });
    expect((await redeem(buyer.token, ' - ')).json()).toEqual({ errors: { code: ['blank'] } });
    expect((await redeem(buyer.token, '')).statusCode).toBe(422);
    expect((await api.native.post('/api/redeem', { redeem: { code: 'X' } })).statusCode).toBe(401);
  });

  it('422 used for a code used before (by anyone)', async () => {
    const [first, second] = [await makeAccount(t), await makeAccount(t)];
    const code = await issue({ kind: 'points', points: 10 });
    expect((await redeem(first.token, code.code)).statusCode).toBe(201);
    expect((await redeem(second.token, code.code)).json()).toMatchObject({ errors: { code: ['used'] } });
    expect((await redeem(first.token, code.code)).statusCode).toBe(422);
  });

  it('422 invalid for a disabled, expired, other-site or someone else’s code', async () => {
    const buyer = await makeAccount(t);
    const someone = await makeAccount(t);
    const disabled = await issue({ kind: 'points', points: 10 }, { state: 'disabled' });
    const expired = await issue({ kind: 'points', points: 10 }, { expiresAt: new Date(t.clock.now().getTime() - 1000) });
    const abroad = await issue({ kind: 'points', points: 10 }, { area: 'abroad' });
    const theirs = await issue({ kind: 'points', points: 10 }, { ownerAccountId: someone.id });
    for (const code of [disabled, expired, abroad]) expect((await redeem(buyer.token, code.code)).json().errors).toEqual({ code: ['invalid'] });
    const other = await makeAccount(t);
    expect((await redeem(other.token, theirs.code)).json().errors).toEqual({ code: ['invalid'] });
    expect((await redeem(someone.token, theirs.code)).statusCode).toBe(201);
  });

  it('422 bind_failed for a game already owned or a DLC without its base, and the code stays usable', async () => {
    const buyer = await makeAccount(t);
    const owned = await makeSku(t);
    await makePaidOrder(t, buyer.id, [owned]);
    const ownedCode = await issue({ kind: 'sku', skuId: owned.id });
    expect((await redeem(buyer.token, ownedCode.code)).json()).toEqual({ errors: { code: ['bind_failed'] } });
    expect((await t.deps.db.select().from(redeemCodes).where(eq(redeemCodes.id, ownedCode.id)))[0]!.state).toBe('active');

    const base = await makeProduct(t);
    const dlc = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.id } });
    const dlcCode = await issue({ kind: 'sku', skuId: dlc.id });
    expect((await redeem(buyer.token, dlcCode.code)).json()).toEqual({ errors: { code: ['bind_failed'] } });
    const baseSku = await makeSku(t, { productId: base.id });
    await makePaidOrder(t, buyer.id, [baseSku]);
    expect((await redeem(buyer.token, dlcCode.code)).statusCode).toBe(201);
  });

  it('422 bind_failed for a coupon already held or run out, with nothing taken', async () => {
    const buyer = await makeAccount(t);
    const coupon = await makeCoupon(t);
    await api.native.patch(`/api/account_coupons/${coupon.id}`, {}, { token: buyer.token });
    const code = await issue({ kind: 'coupon', couponId: coupon.id });
    const before = (await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.leftAmount;
    expect((await redeem(buyer.token, code.code)).json()).toEqual({ errors: { code: ['bind_failed'] } });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.leftAmount).toBe(before);
    const empty = await makeCoupon(t, { leftAmount: 0 });
    const emptyCode = await issue({ kind: 'coupon', couponId: empty.id });
    expect((await redeem(buyer.token, emptyCode.code)).json()).toEqual({ errors: { code: ['bind_failed'] } });
  });

  it('gives a code once when two accounts race for it', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => makeAccount(t)));
    const code = await issue({ kind: 'points', points: 7 });
    const results = await Promise.all(buyers.map((b) => redeem(b.token, code.code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
  });
});

describe('captcha after three failed attempts an hour', () => {
  it('asks for a captcha from the fourth attempt, checks it before the code, and GET /api/redeem tells the page', async () => {
    const buyer = await makeAccount(t);
    expect((await api.native.get('/api/redeem', { token: buyer.token })).json()).toEqual({ need_captcha: false, attempts_left: 3, failures_before_captcha: 3 });
    for (let i = 0; i < 3; i++) await redeem(buyer.token, `WRONG-CODE-${i}`);
    expect((await api.native.get('/api/redeem', { token: buyer.token })).json()).toEqual({ need_captcha: true, attempts_left: 0, failures_before_captcha: 3 });

    const good = await issue({ kind: 'points', points: 5 });
    const without = await redeem(buyer.token, good.code);
    expect(without.statusCode).toBe(422);
    expect(without.json()).toEqual({ errors: { captcha: ['need_captcha'] }, meta: { need_captcha: true, attempts_left: 0 } });
    const wrong = await redeem(buyer.token, good.code, { captcha_id: (await solvedCaptcha(t, api.native)).captcha_id, captcha: 'zzzz' });
    expect(wrong.json().errors).toEqual({ captcha: ['invalid'] });
    expect((await redeem(buyer.token, good.code, await solvedCaptcha(t, api.native))).statusCode).toBe(201);
    // Another account is not affected.
    const other = await makeAccount(t);
    expect((await api.native.get('/api/redeem', { token: other.token })).json().need_captcha).toBe(false);
  });
});

describe('GET /api/me/code', () => {
  it('lists codes issued to me with the code itself and a display state; others see none of them', async () => {
    const me = await makeAccount(t);
    const sku = await makeSku(t);
    const active = await issue({ kind: 'sku', skuId: sku.id }, { ownerAccountId: me.id });
    t.clock.advance(1);
    const expired = await issue({ kind: 'points', points: 3 }, { ownerAccountId: me.id, expiresAt: new Date(t.clock.now().getTime() + 500) });
    t.clock.advance(1);
    const res = await api.native.get('/api/me/code', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.meta.total_count).toBe(2);
    expect(body.codes.map((c: { id: number; code: string; state: string }) => [c.id, c.code, c.state])).toEqual([[expired.id, expired.code, 'expired'], [active.id, active.code, 'active']]);
    expect(body.codes[1].goods).toMatchObject({ kind: 'sku', sku: { id: sku.id } });
    const other = await makeAccount(t);
    expect((await api.native.get('/api/me/code', { token: other.token })).json().codes).toEqual([]);
    await redeem(me.token, active.code);
    const after = (await api.native.get('/api/me/code', { token: me.token })).json();
    expect(after.codes[1]).toMatchObject({ state: 'used', used_at_timestamp: expect.any(Number) });
  });

  it('keeps open codes unreadable: only their hash and tail are stored', async () => {
    const code = await issue({ kind: 'points', points: 1 });
    const [row] = await t.deps.db.select().from(redeemCodes).where(eq(redeemCodes.id, code.id));
    expect(row!.codeEnc).toBeNull();
    expect(JSON.stringify(row)).not.toContain(code.code.replaceAll('-', '').slice(0, 8));
  });
});

describe('GET /api/redeems and /api/redeems/{id}', () => {
  it('list my redemptions on the site, newest first; one of them; 404 for anyone else’s', async () => {
    const me = await makeAccount(t);
    const a = await issue({ kind: 'points', points: 1 });
    const b = await issue({ kind: 'points', points: 2 });
    await redeem(me.token, a.code);
    t.clock.advance(1);
    await redeem(me.token, b.code);
    const list = (await api.native.get('/api/redeems', { token: me.token })).json();
    expect(list.meta).toEqual({ total_count: 2, page: 1, per: 10 });
    expect(list.redeems.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect((await api.native.get(`/api/redeems/${a.id}`, { token: me.token })).json()).toMatchObject({ id: a.id, goods: { points: 1 } });
    const other = await makeAccount(t);
    expect((await api.native.get(`/api/redeems/${a.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await api.native.get('/api/redeems', { token: other.token })).json().redeems).toEqual([]);
    const unused = await issue({ kind: 'points', points: 3 });
    expect((await api.native.get(`/api/redeems/${unused.id}`, { token: me.token })).statusCode).toBe(404);
  });
});

describe('POST /api/redeem: one copy of a game, however it races', () => {
  it('gives one copy when two codes for one game are redeemed at the same moment', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodesFor(sku.id, 4));
    const codes = await Promise.all([issue({ kind: 'sku', skuId: sku.id }), issue({ kind: 'sku', skuId: sku.id }), issue({ kind: 'sku', skuId: sku.id })]);
    const answers = await Promise.all(codes.map((c) => redeem(buyer.token, c.code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    expect(answers.filter((a) => a.statusCode === 422).map((a) => a.json().errors)).toEqual([{ code: ['bind_failed'] }, { code: ['bind_failed'] }]);
    const keys = await t.deps.db.select().from(gameKeys).where(and(eq(gameKeys.skuId, sku.id), eq(gameKeys.accountId, buyer.id)));
    expect(keys).toHaveLength(1);
  });

  it('refuses a code for a game an unpaid order of the account already holds, so paying it cannot give a second copy', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodesFor(sku.id, 2));
    const order = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
    expect(order.statusCode).toBe(201);
    const code = await issue({ kind: 'sku', skuId: sku.id });
    expect((await redeem(buyer.token, code.code)).json().errors).toEqual({ code: ['bind_failed'] });
  });
});

/** Keys unique to one SKU, so parallel files never collide on a code. */
function steamCodesFor(skuId: number, n: number) {
  return Array.from({ length: n }, (_, i) => `R${String(skuId).padStart(4, '0')}-RACE${i}-${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`);
}
