import { expect, test, type Browser, type Page } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { gameForSlot } from './buying-helpers';

/**
 * Distribution (docs/product/distribution.md#on-the-web): a sharer finds "Share and earn" on a game with a
 * commission rate and copies its link; another account opens the link, buys the game; the sharer's
 * "Share and earn" page lists the order with its commission.
 */

const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

/** Gives a SKU a commission rate as the demo admin (PUT /api/admin/skus/{id}/commission_rate), in a context of its own. */
async function setRate(browser: Browser, baseURL: string, skuId: number, rateBp: number) {
  const context = await browser.newContext();
  try {
    const r = context.request;
    await r.get(`${baseURL}/sign_in`);
    const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
    const signIn = await r.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const res = await r.put(`${baseURL}/api/admin/skus/${skuId}/commission_rate`, { headers: { 'x-csrf-token': csrf }, data: { commission_rate: { rate_bp: rateBp } } });
    expect(res.ok(), await res.text()).toBeTruthy();
  } finally {
    await context.close();
  }
}

/** The piece under test at both widths (an element, not the whole page: a full-page shot of a long SKU page is slow on a loaded machine). */
async function shoot(page: Page, name: string, testId: string) {
  for (const [label, width] of [['desktop', 1366], ['phone', 390]] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByTestId(testId).screenshot({ path: test.info().outputPath(`${name}-${label}.png`), timeout: 60_000 });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('share a game\'s link, another account buys through it, the sharer sees the order and its commission', async ({ page, context, browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const game = await gameForSlot(page.request, baseURL!, 7);
  await setRate(browser, baseURL!, game.id, 1_000);
  const commission = Math.floor((game.sale_price * 1_000) / 10_000);

  const sharer = await signUpViaApi(context, baseURL!, area, 'cps-sharer');
  await skipAccountPrompts(page, sharer.id);
  await page.goto(`/sku/${game.id}`);
  const panel = page.getByTestId('share-and-earn');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('share-and-earn-commission')).toHaveAttribute('data-amount', String(commission));
  const link = (await page.getByTestId('share-and-earn-link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`/sku/${game.id}\\?cps=[2-9A-HJ-KM-NP-Z]{10}$`));
  await shoot(page, `${area}-sku-share-and-earn`, 'share-and-earn');

  // Another account opens the link and buys the game: the order is placed through the sharer's code.
  const other = await browser.newContext({ baseURL });
  const buyerPage = await other.newPage();
  const buyer = await signUpViaApi(other, baseURL!, area, 'cps-buyer');
  await skipAccountPrompts(buyerPage, buyer.id);
  const visited = buyerPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/cps_visits' && r.request().method() === 'POST', { timeout: 60_000 });
  await buyerPage.goto(new URL(link).pathname + new URL(link).search);
  expect((await visited).status()).toBe(201);
  await buyerPage.getByTestId('buy-now').click({ timeout: 45_000 });
  await expect(buyerPage).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = Number(/\/orders\/(\d+)\/checkout$/.exec(buyerPage.url())![1]);
  await other.close();

  // The sharer's page lists it: the game, the commission, waiting for payment.
  await page.goto('/user_center/distribution');
  await expect(page.getByTestId('distribution-code')).toHaveText(/^[2-9A-HJ-KM-NP-Z]{10}$/);
  const row = page.getByTestId('distribution-order');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(String(orderId));
  await expect(row.getByTestId('distribution-order-commission')).toHaveAttribute('data-amount', String(commission));
  await expect(row.getByTestId('distribution-order-state')).toHaveText(area === 'native' ? '待支付' : 'Waiting for payment');
  await shoot(page, `${area}-distribution-page`, 'distribution-page');
});
