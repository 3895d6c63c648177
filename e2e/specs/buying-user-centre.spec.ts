import { expect, test } from '@playwright/test';
import { say } from './buying-helpers';
import { areaOf, captchaAnswer, signUpViaApi, skipAccountPrompts } from './helpers';

test('the user centre menu reaches every page, the old settings pages included', async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'ucmenu');
  await skipAccountPrompts(page, account.id);
  await page.goto('/user_center');
  await expect(page.getByTestId('user-center-home')).toBeVisible();
  await expect(page.getByTestId('uc-orders-pending')).toContainText('0');
  const menu = page.getByTestId('user-center-menu');
  const pages: Array<[string, string, RegExp]> = [
    ['我的订单', 'Orders', /\/orders$/],
    ['游戏激活码', 'Game keys', /\/user_center\/keys$/],
    ['Uplay 激活码', 'Uplay keys', /\/user_center\/uplay_keys$/],
    ['游戏库', 'Library', /\/user_center\/library$/],
    ['优惠券', 'Coupons', /\/user_center\/coupons$/],
    ['兑换码', 'Redeem a code', /\/user_center\/redeem$/],
    ['钱包', 'Wallet', /\/user_center\/wallet$/],
    ['积分与签到', 'Points & check-in', /\/user_center\/points$/],
    ['心愿单', 'Wishlist', /\/user_center\/wishes$/],
    ['收货地址', 'Addresses', /\/setting\/addresses$/],
    ['安全设置', 'Security settings', /\/setting\/security$/],
  ];
  for (const [zh, en, url] of pages) {
    const link = menu.getByRole('link', { name: say(info, zh, en), exact: true });
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('h1')).toHaveCount(1);
  }
  // A fresh account's wallet: nothing in it, active.
  await page.goto('/user_center/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-amount', '0');
  await expect(page.getByTestId('wallet-status')).toHaveAttribute('data-status', 'active');
});

test('on a phone the user centre menu is one sideways strip', { tag: '@abroad' }, async ({ page, context, baseURL }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'ucphone');
  await skipAccountPrompts(page, account.id);
  await page.goto('/user_center/wallet');
  const strip = page.getByTestId('user-center-menu').locator('ul').first();
  const box = await strip.boundingBox();
  expect(box!.height).toBeLessThan(60);
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The current page's item is scrolled into view.
  await expect(page.getByTestId('user-center-menu').getByRole('link', { name: say(info, '钱包', 'Wallet') })).toBeInViewport();
  // Nothing pokes out sideways: the page is no wider than the phone.
  expect(await page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('redeeming a wrong code says so; after repeated failures a captcha is asked for', { tag: '@native' }, async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'redeem');
  await skipAccountPrompts(page, account.id);
  await page.goto('/user_center/redeem');
  const code = page.locator('input[name=code]');
  const captcha = page.locator('input[name=captcha]');
  let asked = false;
  for (let i = 0; i < 6 && !asked; i++) {
    await code.fill(`NOPE-${i}-${Date.now().toString(36)}`.toUpperCase());
    await page.getByTestId('redeem-submit').click();
    await expect(page.getByText(say(info, '兑换码不存在，请检查后重试。', 'This code does not exist. Check it and try again.'))).toBeVisible();
    asked = await captcha.isVisible();
  }
  expect(asked, 'a captcha is asked for after a few failures').toBe(true);

  // Without the captcha the form does not go out; with a wrong one the server says so.
  await code.fill('NOPE-AGAIN');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByText(say(info, '请输入验证码', 'Please enter the captcha'))).toBeVisible();
  const image = page.locator('button[data-captcha-id]');
  const first = (await image.getAttribute('data-captcha-id'))!;
  await captcha.fill('zzzz');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByText(say(info, '验证码错误', 'The captcha is wrong'))).toBeVisible();

  // A new image comes with the refusal; the right answer gets back to the code's own reason.
  await expect(image).not.toHaveAttribute('data-captcha-id', first);
  const id = (await image.getAttribute('data-captcha-id'))!;
  await captcha.fill(await captchaAnswer(page.request, baseURL!, id));
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByText(say(info, '兑换码不存在，请检查后重试。', 'This code does not exist. Check it and try again.'))).toBeVisible();
});

test('coupons: my lists and the claim list show, newest first, with empty states', async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'coupons');
  await skipAccountPrompts(page, account.id);
  await page.goto('/user_center/coupons');
  await expect(page.getByText(say(info, '没有可用的优惠券', 'No usable coupons'))).toBeVisible();
  await page.getByRole('link', { name: say(info, '领券', 'Get coupons') }).first().click();
  await expect(page).toHaveURL(/tab=claim/);
  const claimable = await page.request.get(`${baseURL}/api/account_coupons?client=web&version=1`);
  const body = (await claimable.json()) as { coupons: { id: number }[] };
  if (body.coupons.length === 0) await expect(page.getByText(say(info, '暂时没有可领取的优惠券', 'No coupons to claim right now'))).toBeVisible();
  else await expect(page.getByTestId('claimable-coupon').first()).toHaveAttribute('data-id', String(body.coupons[0]!.id));
});
