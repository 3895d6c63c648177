import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { sandboxAction } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { searchApi } from './store-helpers';

/** The demo admin of the seed (apps/server/src/seed/accounts.ts): imports keys into a SKU's pool. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

/** A call in the context's own cookie jar, with the CSRF header the page would send. */
async function send(context: BrowserContext, baseURL: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await context.request.fetch(`${baseURL}${path}`, { method, headers: { 'x-csrf-token': csrf }, ...(data !== undefined && { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** A context signed in as the admin (the staff key import goes through the API as staff would). */
async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.request.get(`${baseURL}/sign_in`);
  await send(context, baseURL, 'POST', '/api/access_token', { access_token: ADMIN });
  return context;
}

/**
 * The `key` notification (docs/product/messaging.md#key-arrived) on both sites: a buyer pre-orders a game whose
 * pool is empty and pays; staff import keys through the API; the buyer's header counter and the centre's system
 * tab show "your key has arrived", linking to the order.
 */
test('a pre-ordered key arriving shows a notification in the centre and its counter', async ({ page, context, browser, baseURL }, info) => {
  const area = areaOf(info);
  const buyer = await signUpViaApi(context, baseURL!, area, 'preorder');
  await skipAccountPrompts(page, buyer.id);

  // A game of this site whose pool is empty, a pre-order if one is (newest release first: pre-orders lead): the
  // paid unit waits for its key (pre_ordered, or ordering).
  const admin = await adminContext(browser, baseURL!);
  const list = await searchApi(page.request, baseURL!, 'order=released_at&direction=desc&page=1&per=100');
  const candidates = list.skus.filter((s) => (s.status === 'pre_sale' || s.status === 'sale') && s.cate === 'game' && s.kind === 'game' && s.sale_price > 0);
  let skuId = 0;
  for (const sku of [...candidates.filter((s) => s.status === 'pre_sale'), ...candidates.filter((s) => s.status === 'sale')]) {
    const stock = await send(admin, baseURL!, 'GET', `/api/admin/skus/${sku.id}/keys/stock`);
    if (stock.available === 0 && !stock.supplier) {
      skuId = sku.id;
      break;
    }
  }
  expect(skuId, 'the seed has a game with an empty pool').toBeGreaterThan(0);

  const order = await send(context, baseURL!, 'POST', '/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } });
  await page.goto(`/orders/${order.id}/checkout`);
  await page.locator(`[data-testid=pay-method][data-method=${area === 'native' ? 'alipay' : 'paypal'}] input`).check();
  await page.getByTestId('pay-button').click();
  await sandboxAction(page, info, 'pay');
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/complete$`), { timeout: 30_000 });
  await expect(page.getByTestId('complete-line')).not.toHaveAttribute('data-delivery', 'delivered');

  // Staff import keys: enough for every unit waiting before ours, so ours is filled too.
  const stock = await send(admin, baseURL!, 'GET', `/api/admin/skus/${skuId}/keys/stock`);
  const waiting = stock.waiting.ordering + stock.waiting.pre_ordered;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const codes = Array.from({ length: waiting }, (_, i) => `E2E-PRE-${tag}-${i}`);
  const imported = await send(admin, baseURL!, 'POST', `/api/admin/skus/${skuId}/keys`, { keys: { codes, note: 'e2e pre-order' } });
  expect(imported.delivered).toBe(waiting);
  await admin.close();

  await page.goto('/messages');
  await expect(page.getByTestId('header-messages')).toContainText('1');
  await page.getByTestId('notifications-tabs').locator('[data-tab="system"]').click();
  const item = page.getByTestId('notification-item').filter({ hasText: area === 'native' ? '激活码已到账' : 'key has arrived' });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByRole('link')).toHaveAttribute('href', `/orders/${order.id}`);
  await page.screenshot({ path: `test-results/commerce-notifications-${area}.png`, fullPage: true });
});
