import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { stockKeys, steamCodes } from '../support/keys-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
// Issuing codes, barring buyers and defining coupons create or take away value: admins only.
let admin: { id: number; token: string };
let staff: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
  staff = await makeAccount(t, { role: 'staff' });
});

const issue = (body: unknown, token = admin.token) => api.native.post('/api/admin/redeem_codes', { redeem_codes: body }, { token });
const redeem = (token: string, code: string) => api.native.post('/api/redeem', { redeem: { code } }, { token });

describe('POST /api/admin/redeem_codes', () => {
  it('issues codes for a game that a buyer then redeems into the library, once', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(3, 'GIFT'));
    const res = await issue({ area: 'native', goods: { kind: 'sku', sku_id: sku.id }, count: 3 });
    expect(res.statusCode).toBe(201);
    const codes = res.json().redeem_codes as { id: number; code: string }[];
    expect(codes).toHaveLength(3);
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);

    const buyer = await makeAccount(t);
    expect((await redeem(buyer.token, codes[0]!.code)).statusCode).toBe(201);
    const library = (await api.native.get('/api/me/games', { token: buyer.token })).json();
    expect(library.games.map((g: { sku_id: number }) => g.sku_id)).toEqual([sku.id]);
    const again = await redeem((await makeAccount(t)).token, codes[0]!.code);
    expect(again.json().errors).toEqual({ code: ['used'] });
  });

  it('issues points and coupon codes, and a code for one account that it sees under /api/me/code', async () => {
    const owner = await makeAccount(t);
    const points = await issue({ area: 'native', goods: { kind: 'points', points: 250 }, owner_account_id: owner.id });
    expect(points.statusCode).toBe(201);
    const mine = (await api.native.get('/api/me/code', { token: owner.token })).json();
    expect(mine.codes.map((c: { code: string }) => c.code)).toEqual([points.json().redeem_codes[0].code]);

    const coupon = await makeCoupon(t);
    expect((await issue({ area: 'native', goods: { kind: 'coupon', coupon_id: coupon.id }, count: 2 })).statusCode).toBe(201);
  });

  it('refuses goods that do not exist or belong to the other site, and an end in the past', async () => {
    const abroadSku = await makeSku(t, { area: 'abroad' });
    const abroadCoupon = await makeCoupon(t, { area: 'abroad' });
    expect((await issue({ area: 'native', goods: { kind: 'sku', sku_id: 987654321 } })).json().errors).toEqual({ sku_id: ['not_found'] });
    expect((await issue({ area: 'native', goods: { kind: 'sku', sku_id: abroadSku.id } })).json().errors).toEqual({ area: ['mismatch'] });
    expect((await issue({ area: 'native', goods: { kind: 'coupon', coupon_id: abroadCoupon.id } })).json().errors).toEqual({ area: ['mismatch'] });
    expect((await issue({ area: 'native', goods: { kind: 'coupon', coupon_id: 987654321 } })).statusCode).toBe(404);
    expect((await issue({ area: 'native', goods: { kind: 'points', points: 10 }, owner_account_id: 987654321 })).statusCode).toBe(404);
    const past = Math.floor(t.clock.now().getTime() / 1000) - 60;
    expect((await issue({ area: 'native', goods: { kind: 'points', points: 10 }, expires_at_timestamp: past })).json().errors).toEqual({ expires_at_timestamp: ['expired'] });
    expect((await issue({ area: 'native', goods: { kind: 'points', points: 10 }, count: 1001 })).statusCode).toBe(422);
  });

  it('is for admins only: staff and buyers are refused', async () => {
    const user = await makeAccount(t);
    expect((await issue({ area: 'native', goods: { kind: 'points', points: 10 } }, user.token)).statusCode).toBe(403);
    expect((await issue({ area: 'native', goods: { kind: 'points', points: 10 } }, staff.token)).statusCode).toBe(403);
    expect((await api.native.post('/api/admin/redeem_codes', { redeem_codes: { area: 'native', goods: { kind: 'points', points: 10 } } })).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/accounts/{id}/purchase_ban', () => {
  const ban = (accountId: number, banned: boolean, token = admin.token) =>
    api.native.patch(`/api/admin/accounts/${accountId}/purchase_ban`, { purchase_ban: { banned } }, { token });
  const order = (token: string, skuId: number) => api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } }, { token });

  it('bars an account from buying until staff lift it, keeping since when it was barred', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const first = await ban(buyer.id, true);
    expect(first.json()).toEqual({ account_id: buyer.id, banned: true, banned_at_timestamp: expect.any(Number) });
    t.clock.advance(5);
    expect((await ban(buyer.id, true)).json().banned_at_timestamp).toBe(first.json().banned_at_timestamp);
    expect((await order(buyer.token, sku.id)).json().errors).toEqual({ account: ['purchase_ban'] });

    expect((await ban(buyer.id, false)).json()).toEqual({ account_id: buyer.id, banned: false, banned_at_timestamp: null });
    expect((await order(buyer.token, sku.id)).statusCode).toBe(201);
  });

  it('is for admins only, and 404 for an unknown account', async () => {
    const user = await makeAccount(t);
    expect((await ban(user.id, true, user.token)).statusCode).toBe(403);
    expect((await ban(user.id, true, staff.token)).statusCode).toBe(403);
    expect((await ban(987654321, true)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/coupons', () => {
  const create = (body: Record<string, unknown>, token = admin.token) => api.native.post('/api/admin/coupons', { coupon: body }, { token });
  const base = { area: 'native', title: { chs: '满百减二十', en: '20 off 100' }, discount_type: 'amount', value: 2000, minimum_order: 10000, total_amount: 50 };

  it('creates a coupon that buyers can then see and claim on its site', async () => {
    const res = await create(base);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: base.title, discount_type: 'amount', value: 2000, minimum_order: 10000, total_amount: 50, left_amount: 50, need_code: false, area: 'native' });
    const buyer = await makeAccount(t);
    const listed = (await api.native.get('/api/account_coupons', { token: buyer.token, query: { per: '100' } })).json();
    expect(listed.coupons.map((c: { id: number }) => c.id)).toContain(res.json().id);
    expect((await api.native.patch(`/api/account_coupons/${res.json().id}`, {}, { token: buyer.token })).statusCode).toBe(200);
  });

  it('creates a code coupon (claimed by its code, never listed) and refuses the same code twice on a site', async () => {
    const made = await create({ ...base, code: 'Spring2026' });
    expect(made.json()).toMatchObject({ need_code: true });
    const buyer = await makeAccount(t);
    const listed = (await api.native.get('/api/account_coupons', { token: buyer.token, query: { per: '100' } })).json();
    expect(listed.coupons.map((c: { id: number }) => c.id)).not.toContain(made.json().id);
    expect((await create({ ...base, code: 'SPRING2026' })).json().errors).toEqual({ code: ['taken'] });
    expect((await create({ ...base, area: 'abroad', code: 'SPRING2026' })).statusCode).toBe(201);
  });

  it('refuses a percentage over 100, an end in the past or before the start, and a malformed code', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect((await create({ ...base, discount_type: 'percentage', value: 150 })).json().errors).toEqual({ value: ['invalid'] });
    expect((await create({ ...base, valid_until_timestamp: now - 60 })).json().errors).toEqual({ valid_until_timestamp: ['expired'] });
    expect((await create({ ...base, valid_from_timestamp: now + 7200, valid_until_timestamp: now + 3600 })).json().errors).toEqual({ valid_until_timestamp: ['invalid'] });
    expect((await create({ ...base, code: 'no spaces!' })).statusCode).toBe(422);
  });

  it('is for admins only', async () => {
    expect((await create(base, (await makeAccount(t)).token)).statusCode).toBe(403);
    expect((await create(base, staff.token)).statusCode).toBe(403);
  });
});
