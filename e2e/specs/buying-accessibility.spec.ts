import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { gameForSlot } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('cart, checkout, orders and the user centre meet WCAG 2.1 AA (axe)', async ({ page, context, baseURL }, info) => {
  test.slow(); // axe scans many pages in this one test
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'axebuy');
  await skipAccountPrompts(page, account.id);
  const sku = await gameForSlot(page.request, baseURL!, 7);

  await page.goto('/cart');
  await page.waitForLoadState('networkidle');
  expect(await violations(page), 'empty cart').toEqual([]);

  await page.goto(`/sku/${sku.id}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('in-cart')).toBeVisible();
  expect(await violations(page), 'game page with buy buttons').toEqual([]);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  expect(await violations(page), 'cart').toEqual([]);
  await page.getByTestId('cart-coupon-open').click();
  await expect(page.getByTestId('coupon-picker')).toBeVisible();
  expect(await violations(page), 'coupon picker').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByTestId('cart-checkout').click();
  await expect(page.getByTestId('pay-methods')).toBeVisible();
  expect(await violations(page), 'checkout').toEqual([]);
  const orderId = /\/orders\/(\d+)\//.exec(page.url())![1];

  for (const path of ['/orders', `/orders/${orderId}`, '/user_center', '/user_center/keys', '/user_center/uplay_keys', '/user_center/library', '/user_center/coupons', '/user_center/coupons?tab=claim', '/user_center/redeem', '/user_center/wallet']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
});
