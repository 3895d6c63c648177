import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { gameForSlot, importKey, sandboxAction, say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts, type Area } from './helpers';

/** The demo staff account of the seed (apps/server/src/seed/accounts.ts): creates flash sales. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The server's clock in whole seconds, as GET /sec_kill answers it. */
async function serverSeconds(request: APIRequestContext, baseURL: string): Promise<number> {
  const res = await request.get(`${baseURL}/sec_kill`);
  expect(res.ok()).toBeTruthy();
  return Math.floor(((await res.json()) as { server_time_ms: number }).server_time_ms / 1000);
}

interface NewSale {
  skuId: number;
  price: number;
  fromInSeconds: number;
  requirePhone?: boolean;
}

/**
 * A flash sale of five units of one SKU through the staff API (POST /api/admin/sec_kills) as the demo admin, in a
 * context of its own; their five keys are imported first, as the sale sets one aside per unit.
 */
async function createSale(browser: Browser, baseURL: string, area: Area, sale: NewSale): Promise<number> {
  await importKey(browser, baseURL, sale.skuId, 'sale', 5);
  const context = await browser.newContext();
  try {
    const r = context.request;
    await r.get(`${baseURL}/sign_in`);
    const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
    const signIn = await r.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const now = await serverSeconds(r, baseURL);
    const res = await r.post(`${baseURL}/api/admin/sec_kills`, {
      headers: { 'x-csrf-token': csrf },
      data: {
        sec_kill: {
          area,
          title: { chs: '端到端秒杀', en: 'E2E flash sale' },
          from_timestamp: now + sale.fromInSeconds,
          to_timestamp: now + 3600,
          require_phone: sale.requirePhone ?? false,
          items: [{ sku_id: sale.skuId, price: sale.price, stock: 5, buy_limit: 1 }],
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  } finally {
    await context.close();
  }
}

// One site: the countdown runs the same on both, and buying a flash-sale unit with each site's gateway is
// buying-free-and-flash.spec.ts's (this test waits 20 s of the server's clock for the start).
test('a flash sale opening a few seconds later: countdown, Buy now turns on at the start without a reload, pay, the key', { tag: '@native' }, async ({ page, context, browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'flash');
  await skipAccountPrompts(page, account.id);
  const sku = await gameForSlot(page.request, baseURL!, 12);
  const price = Math.max(1, Math.floor(sku.sale_price / 4));
  // Far enough ahead that signing in and opening the page on a busy two-core machine never reach the start.
  const eventId = await createSale(browser, baseURL!, area, { skuId: sku.id, price, fromInSeconds: 20 });

  // The visitor's computer is an hour slow: every countdown still runs on the server's clock.
  await page.clock.install({ time: Date.now() - 3_600_000 });
  await page.goto(`/sku/${sku.id}`);
  const panel = page.getByTestId('flash-panel');
  await expect(panel).toHaveAttribute('data-event-id', String(eventId));
  // Before the start: the countdown to it, the button off and saying when.
  const countdown = panel.getByTestId('flash-countdown');
  await expect(countdown).toHaveAttribute('data-status', 'not_start');
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds-left'))).toBeLessThanOrEqual(20);
  const buy = panel.getByTestId('flash-buy');
  await expect(buy).toBeDisabled();
  await expect(buy).toContainText(say(info, '距开始', 'Starts in'));
  await expect(panel.getByTestId('sale-price')).toHaveText(/\d/);
  await expect(panel.getByTestId('flash-stock')).toHaveAttribute('data-left', '5');

  // The opening second passes on the server's clock: the same page turns current and the button on.
  await expect(buy).toBeEnabled({ timeout: 30_000 });
  await expect(countdown).toHaveAttribute('data-status', 'current');
  await expect(buy).toHaveText(say(info, '立即抢购', 'Buy now'));
  await buy.click();

  // The seckill order's checkout: the flash price, 10 minutes to pay.
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount', String(price));
  const left = Number(await page.getByTestId('checkout-countdown').getAttribute('data-seconds-left'));
  expect(left).toBeGreaterThan(8 * 60);
  expect(left).toBeLessThanOrEqual(10 * 60);

  const gateway = area === 'native' ? 'alipay' : 'paypal';
  await page.locator(`[data-testid=pay-method][data-method=${gateway}] input`).check();
  await page.getByTestId('pay-button').click();
  await sandboxAction(page, info, 'pay');
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/complete$`), { timeout: 30_000 });
  const done = page.getByTestId('complete-line');
  await expect(done).toHaveAttribute('data-delivery', 'delivered');
  await done.getByTestId('key-reveal').click();
  await expect(done.getByTestId('key-code')).toHaveText(/\S{5,}/);

  // The order reads as a flash-sale order in the orders list.
  await page.goto('/orders');
  await expect(page.locator(`[data-testid=order-card][data-order-id="${orderId}"]`)).toContainText(say(info, '秒杀', 'Flash sale'));

  // The unit is gone from the stock, live on the game page; buying again is refused (owned, over the limit).
  await page.goto(`/sku/${sku.id}`);
  await expect(panel.getByTestId('flash-stock')).toHaveAttribute('data-left', '4');
  await buy.click();
  await expect(panel.getByTestId('flash-refusal')).toBeVisible();
});

test('a requirement not met says what to do: a sale for bound phones sends the buyer to bind one', async ({ page, context, browser, baseURL }, info) => {
  const area = areaOf(info);
  const sku = await gameForSlot(page.request, baseURL!, 13);
  await createSale(browser, baseURL!, area, { skuId: sku.id, price: Math.max(1, Math.floor(sku.sale_price / 3)), fromInSeconds: -30, requirePhone: true });

  // A guest is asked to sign in first.
  await page.goto(`/sku/${sku.id}`);
  const panel = page.getByTestId('flash-panel');
  await expect(panel.getByTestId('flash-buy')).toBeEnabled();
  await panel.getByTestId('flash-buy').click();
  await expect(page.getByTestId('sign-in-popup')).toBeVisible();

  // An account signed up with an e-mail has no phone: the refusal says so and links to the security settings.
  const account = await signUpViaApi(context, baseURL!, area, 'flash-phone');
  await skipAccountPrompts(page, account.id);
  await page.goto(`/sku/${sku.id}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await panel.getByTestId('flash-buy').click();
  const refusal = panel.getByTestId('flash-refusal');
  await expect(refusal).toHaveAttribute('data-reason', 'phone_unbound');
  await expect(refusal).toContainText(say(info, '绑定手机号', 'bound phone number'));
  expect(await violations(page), 'game page with a refusal').toEqual([]);
  await refusal.getByTestId('flash-refusal-action').click();
  await expect(page).toHaveURL(/\/setting\/security$/);
});

test('the home block and the flash-sale page: current and upcoming sales with countdowns and stock, tabs by status', async ({ page, browser, baseURL }, info) => {
  // The demo's upcoming sale opens five minutes after the seed, which a long suite outlasts: this test makes its own.
  const sku = await gameForSlot(page.request, baseURL!, 13);
  await createSale(browser, baseURL!, areaOf(info), { skuId: sku.id, price: Math.max(1, Math.floor(sku.sale_price / 4)), fromInSeconds: 1800 });
  await page.goto('/');
  const block = page.getByTestId('seckills');
  await expect(block.getByTestId('flash-card').first()).toBeVisible();
  await expect(block.getByTestId('flash-stock').first()).toHaveAttribute('data-stock', /\d+/);
  await expect(block.locator('[data-testid=flash-countdown][data-status=current]').first()).toBeVisible();
  await block.getByRole('link', { name: say(info, '查看全部', 'See all') }).click();

  await expect(page).toHaveURL(/\/flash-sales/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(info, '限时秒杀', 'Flash sales'));
  await expect(page.getByTestId('flash-list-current').getByTestId('flash-card').first()).toBeVisible();
  expect(await violations(page), '/flash-sales').toEqual([]);
  await page.getByTestId('flash-tabs').getByRole('link', { name: say(info, '即将开始', 'Upcoming') }).click();
  const upcoming = page.getByTestId('flash-list-pre').getByTestId('flash-card').first();
  await expect(upcoming.getByTestId('flash-buy')).toBeDisabled();
  await expect(upcoming.getByTestId('flash-countdown')).toHaveAttribute('data-status', 'not_start');
  expect(await violations(page), '/flash-sales?tab=pre').toEqual([]);
  await page.getByTestId('flash-tabs').getByRole('link', { name: say(info, '已结束', 'Past') }).click();
  await expect(page.getByTestId('flash-list-history').getByTestId('flash-buy').first()).toHaveText(say(info, '已结束', 'Ended'));
});
