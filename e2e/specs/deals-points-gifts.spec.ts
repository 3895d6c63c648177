import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts, type Area } from './helpers';
import { nameOn, type Localized } from './store-helpers';

/** The demo admin of the seed (apps/server/src/seed/accounts.ts): issues a points code for the shopper. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

interface Redeem {
  id: number;
  type: 'sku' | 'coupon';
  title: Localized;
  points: number;
  left_count: number;
  status: string;
  per_account_limit: number | null;
}
interface Pack {
  id: number;
  title: Localized;
  sku_ids: number[];
  coupons: { id: number; title: Localized }[];
}

async function csrfOf(context: BrowserContext, baseURL: string): Promise<string> {
  await context.request.get(`${baseURL}/sign_in`);
  return (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
}

/**
 * Points for a fresh shopper, the way the store hands them out: the admin issues a points redeem code
 * (POST /api/admin/redeem_codes) and the shopper redeems it (POST /api/redeem).
 */
async function givePoints(browser: Browser, shopper: BrowserContext, baseURL: string, area: Area, points: number) {
  const admin = await browser.newContext();
  let code: string;
  try {
    const csrf = await csrfOf(admin, baseURL);
    const signIn = await admin.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const issued = await admin.request.post(`${baseURL}/api/admin/redeem_codes`, { headers: { 'x-csrf-token': csrf }, data: { redeem_codes: { area, goods: { kind: 'points', points } } } });
    expect(issued.ok(), await issued.text()).toBeTruthy();
    code = ((await issued.json()) as { redeem_codes: { code: string }[] }).redeem_codes[0]!.code;
  } finally {
    await admin.close();
  }
  const csrf = await csrfOf(shopper, baseURL);
  const redeemed = await shopper.request.post(`${baseURL}/api/redeem`, { headers: { 'x-csrf-token': csrf }, data: { redeem: { code } } });
  expect(redeemed.ok(), await redeemed.text()).toBeTruthy();
}

const shopOf = async (request: APIRequestContext, baseURL: string) =>
  (await (await request.get(`${baseURL}/api/point_redeems`)).json()) as { point_redeems: Redeem[]; score: number | null };

/**
 * The points shop end to end: a shopper with points redeems a coupon and a game key; the balance drops by
 * each price, the coupon is under the user centre's coupons and the key under the game keys.
 */
test('points shop: redeem a coupon and a game key, the balance drops, both arrive', async ({ page, context, baseURL, browser }, info) => {
  test.slow();
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'points');
  await skipAccountPrompts(page, account.id);
  await givePoints(browser, context, baseURL!, area, 40_000);

  const shop = await shopOf(context.request, baseURL!);
  const start = shop.score!;
  expect(start).toBeGreaterThanOrEqual(40_000);
  const coupon = shop.point_redeems.find((r) => r.type === 'coupon' && r.status === 'current' && r.left_count > 0)!;
  // The game with the most left, so side-by-side runs do not empty it.
  const game = shop.point_redeems.filter((r) => r.type === 'sku' && r.status === 'current' && r.left_count > 0 && r.points <= start - coupon.points).sort((a, b) => b.left_count - a.left_count)[0]!;
  expect(coupon, 'the seed has coupons in the points shop').toBeTruthy();
  expect(game, 'the seed has game keys in the points shop').toBeTruthy();

  await page.goto('/points-shop');
  await expect(page.getByTestId('points-balance-value')).toHaveText(start.toLocaleString(area === 'native' ? 'zh-CN' : 'en'));

  const redeemIt = async (item: Redeem, after: number) => {
    const card = page.locator(`[data-testid="point-redeem"][data-id="${item.id}"]`);
    await card.getByTestId('point-redeem-button').click();
    await expect(page.getByRole('dialog')).toContainText(nameOn(info, item.title));
    await page.getByTestId('point-redeem-confirm').click();
    await expect(page.getByTestId('point-redeem-result')).toContainText(nameOn(info, item.title));
    await expect(page.getByTestId('points-balance-value')).toHaveText(after.toLocaleString(area === 'native' ? 'zh-CN' : 'en'));
  };
  await redeemIt(coupon, start - coupon.points);
  await redeemIt(game, start - coupon.points - game.points);

  // The coupon is mine now.
  await page.getByTestId('point-redeem-result').getByRole('link', { name: say(info, '我的激活码', 'My game keys') }).click();
  await expect(page).toHaveURL(/\/user_center\/keys/);
  await expect(page.locator('main')).toContainText(nameOn(info, game.title).slice(0, 12));
  await page.goto('/user_center/coupons');
  await expect(page.getByTestId('my-coupons')).toContainText(nameOn(info, coupon.title));

  // The point records show the spending.
  await page.goto('/user_center/points');
  await expect(page.getByTestId('point-records')).toContainText(say(info, '积分商城', 'Points shop'));
  await expect(page.getByTestId('points-shop-link')).toBeVisible();
});

test('points shop: too few points says how many are missing', { tag: '@abroad' }, async ({ page, context, baseURL }, info) => {
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'nopoints');
  await skipAccountPrompts(page, account.id);
  const shop = await shopOf(context.request, baseURL!);
  const item = shop.point_redeems.find((r) => r.status === 'current' && r.left_count > 0)!;
  const missing = item.points - shop.score!;
  await page.goto('/points-shop');
  const button = page.locator(`[data-testid="point-redeem"][data-id="${item.id}"]`).getByTestId('point-redeem-button');
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(say(info, `还差 ${missing} 积分`, `${missing} more points needed`));
});

/** A gift pack on a game page: claimed once; its coupons appear under the user centre's coupons. */
test('gift pack: claimed on the game page, its coupons are in my coupons', async ({ page, context, baseURL }, info) => {
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'giftpack');
  await skipAccountPrompts(page, account.id);
  const packs = ((await (await context.request.get(`${baseURL}/api/event_gift_packs`)).json()) as { event_gift_packs: Pack[] }).event_gift_packs;
  const pack = packs.find((p) => p.sku_ids.length > 0)!;
  expect(pack, 'the seed ties a gift pack to a game').toBeTruthy();

  await page.goto(`/sku/${pack.sku_ids[0]}`);
  const card = page.locator(`[data-testid="gift-pack"][data-id="${pack.id}"]`);
  await expect(card).toContainText(nameOn(info, pack.title));
  await card.getByTestId('gift-pack-claim').click();
  await expect(card.getByTestId('gift-pack-claimed')).toBeVisible();
  await card.getByTestId('gift-pack-claimed').click();
  await expect(page).toHaveURL(/\/user_center\/coupons/);
  for (const coupon of pack.coupons) await expect(page.getByTestId('my-coupons')).toContainText(nameOn(info, coupon.title));
});

/** A coupon area on the home: a guest is asked to sign in; signed in, claiming turns the button to claimed. */
test('coupon area: claim a coupon from the home', async ({ page, context, baseURL, browser }, info) => {
  const guest = await browser.newPage({ baseURL });
  try {
    await guest.goto('/');
    const first = guest.getByTestId('coupon-areas').getByTestId('area-coupon-claim').first();
    await first.scrollIntoViewIfNeeded();
    await first.click();
    await expect(guest.getByRole('dialog')).toBeVisible();
  } finally {
    await guest.close();
  }

  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'couponarea');
  await skipAccountPrompts(page, account.id);
  await page.goto('/');
  const coupon = page.getByTestId('coupon-areas').getByTestId('area-coupon').first();
  await coupon.scrollIntoViewIfNeeded();
  const title = (await coupon.locator('p').nth(2).textContent()) ?? '';
  await coupon.getByTestId('area-coupon-claim').click();
  await expect(coupon.getByTestId('area-coupon-claim')).toHaveText(say(info, '已领取', 'Claimed'));
  await expect(coupon.getByTestId('area-coupon-claim')).toBeDisabled();
  await page.goto('/user_center/coupons');
  await expect(page.getByTestId('my-coupons')).toContainText(title);
});
