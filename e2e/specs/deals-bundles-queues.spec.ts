import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { sandboxAction, say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { apiGet } from './store-helpers';

interface Activity {
  id: number;
  pick_count: number;
  price: number;
  game_pool: { games: Array<{ id: number; sku: { sale_price: number } | null }> };
}

test('pick a bundle, see the lock on a second order, pay the first in the sandbox and get every key', async ({ page, context, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'bundle');
  await skipAccountPrompts(page, account.id);
  const { activities } = await apiGet<{ activities: Activity[] }>(page.request, baseURL!, '/api/v7/bundle_promo_activities');
  const activity = activities[0]!;
  const picks = activity.game_pool.games.slice(0, activity.pick_count);
  const regular = picks.reduce((sum, g) => sum + g.sku!.sale_price, 0);

  // The list, from the header link: each live activity as a card.
  await page.goto('/');
  await page.getByRole('navigation', { name: say(info, '主导航', 'Main') }).first().getByRole('link', { name: say(info, '优惠活动', 'Deals') }).click();
  await page.getByRole('navigation', { name: say(info, '优惠活动', 'Deals') }).getByRole('link', { name: say(info, '组合优惠', 'Bundles') }).click();
  await expect(page).toHaveURL(/\/bundles$/);
  await expect(page.getByTestId('bundle-card')).toHaveCount(activities.length);
  await page.locator(`[data-testid=bundle-card][data-bundle-id="${activity.id}"] a`).click();

  // Pick N with the checkboxes: "n of N picked", the others disabled once N are picked, the bundle price against the regular sum.
  await expect(page.getByTestId('bundle-page')).toBeVisible();
  const order = page.getByTestId('bundle-order');
  await expect(order).toBeDisabled();
  for (const [i, g] of picks.entries()) {
    await page.locator(`[data-testid=bundle-game][data-sku-id="${g.id}"] input[type=checkbox]`).check();
    await expect(page.getByTestId('bundle-picked')).toContainText(`${i + 1}`);
  }
  const others = page.locator('[data-testid=bundle-game] input[type=checkbox]:not(:checked)');
  if ((await others.count()) > 0) await expect(others.first()).toBeDisabled();
  await expect(page.getByTestId('bundle-price')).toHaveAttribute('data-amount', String(activity.price));
  await expect(page.getByTestId('bundle-regular')).toHaveAttribute('data-amount', String(regular));

  // Order → checkout; on the international site by a full navigation to its own host.
  await page.evaluate(() => ((globalThis as unknown as { __spa: number }).__spa = 1));
  await order.click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
  const survived = await page.evaluate(() => (globalThis as unknown as { __spa?: number }).__spa);
  expect(survived).toBe(areaOf(info) === 'abroad' ? undefined : 1);
  await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount', String(activity.price));

  // The same games again while that order is unpaid: each is refused where it is picked, with the game lock.
  await page.goto(`/bundles/${activity.id}`);
  for (const g of picks) {
    const card = page.locator(`[data-testid=bundle-game][data-sku-id="${g.id}"]`);
    await expect(card.locator('input[type=checkbox]')).toBeDisabled();
    await expect(card.getByTestId('bundle-game-held')).toContainText(say(info, '已被锁定', 'has game lock'));
  }

  // Pay the first order with the site's gateway in the sandbox: every line is delivered with its key.
  await page.goto(`/orders/${orderId}/checkout`);
  const gateway = areaOf(info) === 'native' ? 'alipay' : 'paypal';
  await page.locator(`[data-testid=pay-method][data-method=${gateway}] input`).check();
  await page.getByTestId('pay-button').click();
  await sandboxAction(page, info, 'pay');
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/complete$`), { timeout: 30_000 });
  const lines = page.getByTestId('complete-line');
  await expect(lines).toHaveCount(activity.pick_count);
  for (let i = 0; i < activity.pick_count; i++) await expect(lines.nth(i)).toHaveAttribute('data-delivery', 'delivered');
  await lines.first().getByTestId('key-reveal').click();
  await expect(lines.first().getByTestId('key-code')).toHaveText(/\S{5,}/);

  // Owned now: each says so where it would be picked, and cannot be picked.
  await page.goto(`/bundles/${activity.id}`);
  for (const g of picks) {
    const card = page.locator(`[data-testid=bundle-game][data-sku-id="${g.id}"]`);
    await expect(card.locator('input[type=checkbox]')).toBeDisabled();
    await expect(card.getByTestId('bundle-game-held')).toContainText(say(info, '你已拥有', 'You already own'));
  }
});

test('the bundle list shows the server-error notice on a 500', { tag: '@abroad' }, async ({ page }, info) => {
  await page.route(/\/api\/v7\/bundle_promo_activities(\?|$)/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: { base: ['server_error'] } }) }));
  await page.goto('/bundles');
  await expect(page.getByRole('alert')).toContainText(say(info, '服务器', 'Server error'));
});

test('explore a queue from the home page, game by game, and get the reward once', { tag: '@native' }, async ({ page, context, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'queue');
  await skipAccountPrompts(page, account.id);
  await page.goto('/');
  await page.getByTestId('home-queue-link').first().click();
  await expect(page).toHaveURL(/\/queues\/\d+$/);
  await page.getByTestId('queue-start').click();

  // Each step: the game, its price and editions; the last step finishes.
  const step = page.getByTestId('queue-step');
  await expect(step).toBeVisible();
  const label = step.getByTestId('queue-step-label');
  const total = Number(await label.getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(8);
  for (let i = 1; i < total; i++) {
    await expect(step.getByTestId('queue-game-name')).toBeVisible();
    await expect(step.getByTestId('edition-preview')).toBeVisible();
    await step.getByTestId('queue-next').click();
    await expect(label).toHaveAttribute('data-current', String(i + 1));
  }
  await step.getByTestId('queue-finish').click();
  await expect(page.getByTestId('queue-done')).toBeVisible();
  await expect(page.getByTestId('queue-reward')).toContainText(say(info, '100 积分', '100 points'));

  // After a reload it stays completed; the points are on the account.
  await page.reload();
  await expect(page.getByTestId('queue-done')).toBeVisible();
  const me = await apiGet<{ score: number }>(page.request, baseURL!, '/api/me');
  expect(me.score).toBeGreaterThanOrEqual(100);
});

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the bundle and queue pages meet WCAG 2.1 AA (axe)', async ({ page, context, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'axedeals');
  await skipAccountPrompts(page, account.id);
  const { activities } = await apiGet<{ activities: Activity[] }>(page.request, baseURL!, '/api/v7/bundle_promo_activities');
  const { queues } = await apiGet<{ queues: Array<{ id: number; items: Array<{ sku_id: number }> }> }>(page.request, baseURL!, '/api/promotion/queues');
  await page.goto('/bundles');
  await expect(page.getByTestId('bundle-card').first()).toBeVisible();
  expect(await violations(page), 'bundles').toEqual([]);
  await page.goto(`/bundles/${activities[0]!.id}`);
  await page.locator('[data-testid=bundle-game] input[type=checkbox]').first().check();
  expect(await violations(page), 'bundle').toEqual([]);
  await page.goto(`/queues/${queues[0]!.id}`);
  await page.getByTestId('queue-start').click();
  await expect(page.getByTestId('edition-preview')).toBeVisible();
  // Scanned once the step has loaded: until then its Next button is mid-way from its loading look.
  await expect(page.getByTestId('queue-next')).toBeEnabled();
  expect(await violations(page), 'queue step').toEqual([]);
  await page.goto(`/sku/${queues[0]!.items[0]!.sku_id}`);
  await expect(page.getByTestId('queue-skus')).toBeVisible();
  expect(await violations(page), 'game page queue section').toEqual([]);
});
