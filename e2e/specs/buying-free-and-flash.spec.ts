import { expect, test, type Browser } from '@playwright/test';
import { gameForSlot, importKey, sandboxAction, say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts, type Area } from './helpers';
import { searchApi } from './store-helpers';

/**
 * Buying without surprises (docs/product/buying.md#free-orders, docs/product/deals.md#flash-sale-keys): a free
 * game goes to the library in one step, with no checkout; a flash-sale unit's key, set aside when the sale was
 * made, is on the order page once paid.
 */

/** The demo staff account of the seed (apps/server/src/seed/accounts.ts): creates flash sales. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

/** A running flash sale of `stock` units of one SKU as the demo admin; the staff API sets a key aside per unit. */
async function runningSale(browser: Browser, baseURL: string, area: Area, skuId: number, price: number, stock: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const r = context.request;
    await r.get(`${baseURL}/sign_in`);
    const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
    expect((await r.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } })).ok()).toBeTruthy();
    const now = Math.floor(((await (await r.get(`${baseURL}/sec_kill`)).json()) as { server_time_ms: number }).server_time_ms / 1000);
    const res = await r.post(`${baseURL}/api/admin/sec_kills`, {
      headers: { 'x-csrf-token': csrf },
      data: { sec_kill: { area, title: { chs: '有货秒杀', en: 'Backed flash sale' }, from_timestamp: now - 30, to_timestamp: now + 3600, items: [{ sku_id: skuId, price, stock, buy_limit: 1 }] } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  } finally {
    await context.close();
  }
}

test('a free game: "Get it" puts it in the library in one step, no checkout', async ({ page, context, baseURL }, info) => {
  const area = areaOf(info);
  const free = (await searchApi(page.request, baseURL!, 'q[sale_price_lteq]=0&order=wishes_count&direction=desc&page=1&per=30')).skus
    .find((s) => s.status === 'sale' && s.cate === 'game' && s.kind === 'game' && s.sale_price === 0);
  expect(free, 'the demo has a free game on this site').toBeDefined();
  const account = await signUpViaApi(context, baseURL!, area, 'free');
  await skipAccountPrompts(page, account.id);

  await page.goto(`/sku/${free!.id}`);
  await expect(page.getByTestId('buy-now')).toHaveCount(0);
  const get = page.getByTestId('get-free');
  await expect(get).toHaveText(say(info, '免费领取', 'Get it'));
  await get.click();
  await expect(page.getByTestId('toast').filter({ hasText: say(info, '已加入你的游戏库', 'Added to your library') })).toBeVisible();
  // Still on the game page: no checkout, no payment page.
  await expect(page).toHaveURL(new RegExp(`/sku/${free!.id}$`));
  await page.getByTestId('got-free').getByTestId('to-library').click();
  await expect(page.locator(`[data-testid=library-game][data-sku-id="${free!.id}"]`)).toBeVisible();
});

test('a flash-sale unit backed by a key set aside: bought, paid, and its key on the order page', async ({ page, context, browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const sku = await gameForSlot(page.request, baseURL!, 14);
  await importKey(browser, baseURL!, sku.id, 'backed', 2);
  const price = Math.max(1, Math.floor(sku.sale_price / 5));
  const eventId = await runningSale(browser, baseURL!, area, sku.id, price, 2);
  const account = await signUpViaApi(context, baseURL!, area, 'backed');
  await skipAccountPrompts(page, account.id);

  await page.goto(`/sku/${sku.id}`);
  const panel = page.getByTestId('flash-panel');
  await expect(panel).toHaveAttribute('data-event-id', String(eventId));
  // Keys are set aside for every unit: nothing to wait for is announced.
  await expect(panel.getByTestId('flash-supplier-wait')).toHaveCount(0);
  await panel.getByTestId('flash-buy').click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
  await page.locator(`[data-testid=pay-method][data-method=${area === 'native' ? 'alipay' : 'paypal'}] input`).check();
  await page.getByTestId('pay-button').click();
  await sandboxAction(page, info, 'pay');
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/complete$`), { timeout: 30_000 });
  await expect(page.getByTestId('complete-body')).toHaveAttribute('data-waiting', 'false');

  await page.goto(`/orders/${orderId}`);
  const line = page.getByTestId('complete-line');
  await expect(line).toHaveAttribute('data-delivery', 'delivered');
  await line.getByTestId('key-reveal').click();
  await expect(line.getByTestId('key-code')).toHaveText(/\S{5,}/);
});
