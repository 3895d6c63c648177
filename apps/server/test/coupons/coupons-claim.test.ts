import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { solvedCaptcha } from '../support/factories.ts';
import { coupons } from '../../src/modules/coupons/tables.ts';
import { DEMO_COUPON_CODES, FEATURED_GAMES, seedCoupons } from '../../src/seed/coupons.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const claim = (token: string, id: number, body: unknown = {}) => api.native.patch(`/api/account_coupons/${id}`, body, { token });
const claimByCode = (token: string, fields: Record<string, string>, area: 'native' | 'abroad' = 'native') =>
  api[area].post('/api/account_coupons', { account_coupon: fields }, { token });
let codeSequence = 0;
/** A code no other test uses (codes are unique per site). */
const freshCode = (prefix = 'CODE') => `${prefix}${++codeSequence}X${Date.now().toString(36).toUpperCase()}`;
const leftOf = async (id: number) => (await t.deps.db.select({ n: coupons.leftAmount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;

describe('coupons', () => {
  it('are for signed-in users only', async () => {
    const coupon = await makeCoupon(t);
    expect((await api.native.get('/api/account_coupons')).statusCode).toBe(401);
    expect((await api.native.get('/api/me/account_coupons')).statusCode).toBe(401);
    expect((await api.native.patch(`/api/account_coupons/${coupon.id}`, {})).statusCode).toBe(401);
    expect(await leftOf(coupon.id)).toBe(100);
  });

  it('lists claimable coupons of the site newest first, without code, expired, exhausted or inactive ones', async () => {
    const buyer = await makeAccount(t);
    const older = await makeCoupon(t, { createdAt: new Date(t.clock.now().getTime() - 60_000) });
    const newer = await makeCoupon(t, { createdAt: new Date(t.clock.now().getTime() - 1000) });
    const hidden = [
      await makeCoupon(t, { code: 'SECRET1' }),
      await makeCoupon(t, { validUntil: new Date(t.clock.now().getTime() - 1000) }),
      await makeCoupon(t, { leftAmount: 0 }),
      await makeCoupon(t, { status: 'inactive' }),
      await makeCoupon(t, { area: 'abroad' }),
    ];
    const res = await api.native.get('/api/account_coupons', { token: buyer.token, query: { per: '100' } });
    expect(res.statusCode).toBe(200);
    const ids = res.json().coupons.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    for (const h of hidden) expect(ids).not.toContain(h.id);
    expect(res.json().coupons.find((c: { id: number }) => c.id === newer.id)).toMatchObject({
      discount_type: 'amount', value: 1000, minimum_order: 0, left_amount: 100, total_amount: 100, need_captcha: false, need_code: false, area: 'native', received: false,
      apply_to: { include_games: { sku_ids: [], product_ids: [] }, exclude_games: { sku_ids: [], product_ids: [] } },
    });
  });

  it('claims once: the second claim is coupon_account_taken, and the left amount drops by one', async () => {
    const buyer = await makeAccount(t);
    const coupon = await makeCoupon(t, { leftAmount: 3, totalAmount: 3 });
    const first = await claim(buyer.token, coupon.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ coupon_id: coupon.id, state: 'available', available: true, used_at_timestamp: null, order_id: null });
    expect(first.json().coupon.left_amount).toBe(2);
    const again = await claim(buyer.token, coupon.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { account: ['taken'] } });
    expect(await leftOf(coupon.id)).toBe(2);
    const listed = (await api.native.get('/api/account_coupons', { token: buyer.token, query: { per: '100' } })).json();
    expect(listed.coupons.find((c: { id: number }) => c.id === coupon.id).received).toBe(true);
  });

  it('answers 404 exhausted when none is left, and 404 for unknown or other-site coupons', async () => {
    const buyer = await makeAccount(t);
    const empty = await makeCoupon(t, { leftAmount: 0, totalAmount: 5 });
    const res = await claim(buyer.token, empty.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { coupon: ['exhausted'] } });
    expect((await claim(buyer.token, 987654321)).statusCode).toBe(404);
    const abroad = await makeCoupon(t, { area: 'abroad' });
    expect((await claim(buyer.token, abroad.id)).statusCode).toBe(404);
  });

  it('refuses an expired coupon (coupon_rule_expired) and an inactive event (coupon_event_inactive)', async () => {
    const buyer = await makeAccount(t);
    const expired = await makeCoupon(t, { validUntil: new Date(t.clock.now().getTime() - 1000) });
    expect((await claim(buyer.token, expired.id)).json()).toEqual({ errors: { rule: ['expired'] } });
    const inactive = await makeCoupon(t, { status: 'inactive' });
    const res = await claim(buyer.token, inactive.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { event: ['inactive'] } });
  });

  it('never binds a code coupon by id, even with its code and a solved captcha: 404 as for no coupon', async () => {
    const buyer = await makeAccount(t);
    const coupon = await makeCoupon(t, { code: freshCode('BYID'), needCaptcha: true });
    const right = await claim(buyer.token, coupon.id, { account_coupon: { code: coupon.code!, ...(await solvedCaptcha(t, api.native)) } });
    expect([right.statusCode, right.json()]).toEqual([404, { errors: { base: ['not_found'] } }]);
    const plain = await makeCoupon(t, { code: freshCode('PLAIN') });
    expect((await claim(buyer.token, plain.id, { account_coupon: { code: plain.code! } })).statusCode).toBe(404);
    expect(await leftOf(coupon.id)).toBe(coupon.leftAmount);
  });

  it('claims a code coupon by its code (POST /api/account_coupons): a captcha for every code, then the code, in any case', async () => {
    const buyer = await makeAccount(t);
    const code = freshCode('SPRING');
    const coupon = await makeCoupon(t, { code, needCaptcha: true, leftAmount: 10, totalAmount: 10 });
    expect((await api.native.post('/api/account_coupons', { account_coupon: { code } })).statusCode).toBe(401);
    expect((await claimByCode(buyer.token, { code: '  ' })).json()).toEqual({ errors: { coupon: ['blank'] } });
    // Without a captcha, a right code and a made-up one get the same answer: a guess learns nothing.
    for (const guess of [code, 'NOSUCHCODE']) {
      const res = await claimByCode(buyer.token, { code: guess });
      expect([res.statusCode, res.json()]).toEqual([400, { errors: { request: ['need_captcha'] } }]);
    }
    expect((await claimByCode(buyer.token, { code, captcha_id: 'nope', captcha: 'abcd' })).json()).toEqual({ errors: { request: ['captcha_invalid'] } });
    const unknown = await claimByCode(buyer.token, { code: 'NOSUCHCODE', ...(await solvedCaptcha(t, api.native)) });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { errors: { coupon: ['code_error'] } }]);
    expect(await leftOf(coupon.id)).toBe(10);

    const res = await claimByCode(buyer.token, { code: ` ${code.toLowerCase()} `, ...(await solvedCaptcha(t, api.native)) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ coupon_id: coupon.id, state: 'available', available: true, coupon: { need_code: true, need_captcha: true, left_amount: 9 } });
    const mine = (await api.native.get('/api/me/account_coupons', { token: buyer.token })).json();
    expect(mine.account_coupons.map((c: { coupon_id: number }) => c.coupon_id)).toEqual([coupon.id]);
    const again = await claimByCode(buyer.token, { code, ...(await solvedCaptcha(t, api.native)) });
    expect([again.statusCode, again.json()]).toEqual([400, { errors: { account: ['taken'] } }]);
    expect(await leftOf(coupon.id)).toBe(9);
  });

  it('claims by code with the refusals of the claim by id: other site, expired, inactive, exhausted', async () => {
    const buyer = await makeAccount(t);
    const withCaptcha = async (code: string) => claimByCode(buyer.token, { code, ...(await solvedCaptcha(t, api.native)) });
    // A code coupon without need_captcha is still claimed by code with one: the code is what is being guessed.
    const plain = freshCode('PLAIN');
    await makeCoupon(t, { code: plain });
    expect((await claimByCode(buyer.token, { code: plain })).json()).toEqual({ errors: { request: ['need_captcha'] } });
    expect((await withCaptcha(plain)).statusCode).toBe(201);

    const abroad = freshCode('ABROAD');
    await makeCoupon(t, { code: abroad, area: 'abroad' });
    expect((await withCaptcha(abroad)).json()).toEqual({ errors: { coupon: ['code_error'] } });
    const expired = freshCode('OLD');
    await makeCoupon(t, { code: expired, validUntil: new Date(t.clock.now().getTime() - 1000) });
    expect((await withCaptcha(expired)).json()).toEqual({ errors: { rule: ['expired'] } });
    const inactive = freshCode('OFF');
    await makeCoupon(t, { code: inactive, status: 'inactive' });
    expect((await withCaptcha(inactive)).json()).toEqual({ errors: { event: ['inactive'] } });
    const empty = freshCode('EMPTY');
    await makeCoupon(t, { code: empty, leftAmount: 0, totalAmount: 3 });
    const exhausted = await withCaptcha(empty);
    expect([exhausted.statusCode, exhausted.json()]).toEqual([404, { errors: { coupon: ['exhausted'] } }]);
  });

  it('answers a malformed code claim with 4xx', async () => {
    const buyer = await makeAccount(t);
    for (const body of [{}, { account_coupon: {} }, { account_coupon: { code: 5 } }, { account_coupon: { code: 'X'.repeat(65) } }]) {
      const res = await api.native.post('/api/account_coupons', body, { token: buyer.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const text = await api.native.post('/api/account_coupons', 'x', { token: buyer.token });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it('lists my coupons newest first with available, used and expired states', async () => {
    const buyer = await makeAccount(t);
    const a = await makeCoupon(t);
    const b = await makeCoupon(t, { validUntil: new Date(t.clock.now().getTime() + 60_000) });
    await claim(buyer.token, a.id);
    t.clock.advance(1);
    await claim(buyer.token, b.id);
    const mine = (await api.native.get('/api/me/account_coupons', { token: buyer.token })).json();
    expect(mine.account_coupons.map((c: { coupon_id: number }) => c.coupon_id)).toEqual([b.id, a.id]);
    expect(mine.meta).toEqual({ total_count: 2, page: 1, per: 10 });
    t.clock.advance(120);
    const later = (await api.native.get('/api/me/account_coupons', { token: buyer.token })).json();
    expect(later.account_coupons.map((c: { state: string }) => c.state)).toEqual(['expired', 'available']);
    const expiredOnly = (await api.native.get('/api/me/account_coupons', { token: buyer.token, query: { 'q[state_eq]': 'expired' } })).json();
    expect(expiredOnly.account_coupons.map((c: { coupon_id: number }) => c.coupon_id)).toEqual([b.id]);
    expect((await api.native.get('/api/me/account_coupons', { token: buyer.token, query: { 'q[state_eq]': 'bogus' } })).statusCode).toBe(422);
  });

  it('shows my coupons against the cart with covered SKUs and the best automatic choice', async () => {
    const buyer = await makeAccount(t);
    const cheap = await makeSku(t, { listPrice: 3000 });
    const dear = await makeSku(t, { listPrice: 20000 });
    const small = await makeCoupon(t, { value: 500 });
    const onlyCheap = await makeCoupon(t, { value: 2000, applyTo: { include_sku_ids: [cheap.id] } });
    const percent = await makeCoupon(t, { discountType: 'percentage', value: 10 });
    const tooHigh = await makeCoupon(t, { value: 9000, minimumOrder: 50000 });
    for (const c of [small, onlyCheap, percent, tooHigh]) expect((await claim(buyer.token, c.id)).statusCode).toBe(200);
    await api.native.patch('/api/cart', { cart: { cart_skus: [{ sku_id: cheap.id, quantity: 1 }, { sku_id: dear.id, quantity: 1 }] } }, { token: buyer.token });
    const res = await api.native.get('/api/cart/coupons', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const byCoupon = new Map(res.json().account_coupons.map((c: { coupon_id: number }) => [c.coupon_id, c]));
    expect(byCoupon.get(onlyCheap.id)).toMatchObject({ available: true, available_sku_ids: [cheap.id], unavailable_sku_ids: [dear.id], discount_amount: 2000, reason: null });
    expect(byCoupon.get(percent.id)).toMatchObject({ available: true, discount_amount: 2300 });
    expect(byCoupon.get(tooHigh.id)).toMatchObject({ available: false, discount_amount: 0, reason: 'minimum_order' });
    const best = res.json().account_coupons.find((c: { id: number }) => c.id === res.json().best_account_coupon_id);
    expect(best.coupon_id).toBe(percent.id);
  });

  it('hands out exactly the left amount under 20 concurrent claims', async () => {
    const coupon = await makeCoupon(t, { leftAmount: 5, totalAmount: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeAccount(t)));
    const results = await Promise.all(buyers.map((b) => claim(b.token, coupon.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 404)).toHaveLength(15);
    expect(await leftOf(coupon.id)).toBe(0);
  });

  it('gives one claim to one account however many times it asks at once', async () => {
    const coupon = await makeCoupon(t, { leftAmount: 10, totalAmount: 10 });
    const buyer = await makeAccount(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(buyer.token, coupon.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(await leftOf(coupon.id)).toBe(9);
  });

  it('answers malformed input with 4xx, never 5xx', async () => {
    const buyer = await makeAccount(t);
    for (const [url, body] of [['/api/account_coupons/abc', {}], ['/api/account_coupons/-1', {}], ['/api/account_coupons/1', { account_coupon: { code: 5 } }], ['/api/account_coupons/1', 'x']] as const) {
      const res = await api.native.patch(url, body, { token: buyer.token });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await api.native.get('/api/account_coupons', { token: buyer.token, query: { per: '1000' } })).statusCode).toBe(422);
  });
});

describe('the demo coupons (seed/coupons.ts)', () => {
  it('give each site four claimable coupons and a code coupon, in both languages', async () => {
    const featured: Record<'native' | 'abroad', number[]> = { native: [], abroad: [] };
    for (const area of ['native', 'abroad'] as const) {
      // The best-ranked games of the site (above anything the other tests made) are the featured ones.
      for (let i = 0; i < FEATURED_GAMES + 2; i++) featured[area].push((await makeSku(t, { area, rank: 10_000_000 - i })).productId);
    }
    expect(await seedCoupons(t.deps)).toBe(10);
    const now = t.clock.now().getTime();
    for (const area of ['native', 'abroad'] as const) {
      const buyer = await makeAccount(t, { area });
      const listed = (await api[area].get('/api/account_coupons', { token: buyer.token, query: { per: '100' } })).json().coupons as Array<{
        id: number; title: { chs: string; en: string }; discount_type: string; value: number; minimum_order: number; valid_until_timestamp: number;
        apply_to: { include_games: { product_ids: number[] } }; need_code: boolean; created_at_timestamp: number;
      }>;
      const demo = listed.filter((c) => c.created_at_timestamp * 1000 > now - 6 * 86_400_000 && c.valid_until_timestamp * 1000 > now + 86_400_000 && ['周末', '精选', '满', '新人'].some((w) => c.title.chs.startsWith(w)));
      expect(demo).toHaveLength(4);
      for (const c of demo) {
        expect(c.title.chs).toMatch(/[\u4e00-\u9fff]/);
        expect(c.title.en).toMatch(/^[\x20-\x7e¥]+$/);
      }
      const amountNoMinimum = demo.find((c) => c.discount_type === 'amount' && c.minimum_order === 0 && c.valid_until_timestamp * 1000 > now + 7 * 86_400_000);
      const withMinimum = demo.find((c) => c.discount_type === 'amount' && c.minimum_order > 0 && c.valid_until_timestamp * 1000 > now + 7 * 86_400_000);
      const percent = demo.find((c) => c.discount_type === 'percentage');
      const endingSoon = demo.find((c) => c.valid_until_timestamp * 1000 <= now + 2 * 86_400_000);
      expect([amountNoMinimum, withMinimum, percent, endingSoon].every(Boolean)).toBe(true);
      expect(percent!.apply_to.include_games.product_ids).toEqual(featured[area].slice(0, FEATURED_GAMES));
      expect(Math.abs(endingSoon!.valid_until_timestamp * 1000 - (now + 48 * 3_600_000))).toBeLessThan(1000);
      // Newest first: the weekend deal leads.
      expect(demo[0]).toBe(endingSoon);
      for (const c of demo) expect((await api[area].patch(`/api/account_coupons/${c.id}`, {}, { token: buyer.token })).statusCode).toBe(200);

      // The code coupon is not listed, and is claimed with its code and a captcha.
      expect(listed.some((c) => c.need_code)).toBe(false);
      const byCode = await claimByCode(buyer.token, { code: DEMO_COUPON_CODES[area].toLowerCase(), ...(await solvedCaptcha(t, api[area])) }, area);
      expect(byCode.statusCode).toBe(201);
      expect(byCode.json().coupon).toMatchObject({ need_code: true, need_captcha: true, area, discount_type: 'amount', minimum_order: 0 });
      // Same amount off as the weekend deal, which has a minimum: settlement prefers the deal when both fit.
      expect(byCode.json().coupon.value).toBe(endingSoon!.value);
      expect((await api[area].get('/api/me/account_coupons', { token: buyer.token })).json().meta.total_count).toBe(5);
    }
  });
});
