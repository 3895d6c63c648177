import { expect, test } from '@playwright/test';
import { gameForSlot, importKey, sandboxAction, say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { nameOn } from './store-helpers';

test('add a game to the cart, check out, pay in the sandbox, get the key and reveal it in the user centre', async ({ page, context, browser, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'buy');
  await skipAccountPrompts(page, account.id);
  const sku = await gameForSlot(page.request, baseURL!, 0);
  // A key in the pool so the order is delivered at once (the pool may hold older ones, handed out first).
  await importKey(browser, baseURL!, sku.id, 'buy');
  const name = nameOn(info, sku.sku_names);

  // The game page: add to cart; the header counts it and the button turns into a link to the cart.
  await page.goto(`/sku/${sku.id}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('in-cart')).toBeVisible();

  // The cart: the line, selected, its price in the total.
  await page.getByTestId('header-cart').click();
  await expect(page).toHaveURL(/\/cart/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-line-name')).toHaveText(name);
  await expect(line).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-amount', String(sku.sale_price));
  // A key is one per order: the stepper cannot go above 1.
  await expect(line.getByTestId('quantity-increase')).toBeDisabled();

  // Check out → /transition?type=cart_confirm → the order's checkout with its 30-minute countdown.
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = Number(/\/orders\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount', String(sku.sale_price));
  const left = Number(await page.getByTestId('checkout-countdown').getAttribute('data-seconds-left'));
  expect(left).toBeGreaterThan(28 * 60);
  expect(left).toBeLessThanOrEqual(30 * 60);
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');

  // A fresh account has no balance: the wallet is offered but disabled with its reason.
  const wallet = page.locator('[data-testid=pay-method][data-method=wallet]');
  await expect(wallet).toHaveAttribute('data-available', 'false');
  await expect(wallet.getByTestId('pay-method-reason')).toHaveText(say(info, '余额不足', 'Not enough balance'));

  // Pay with the site's first gateway method: /blank submits the signed form to the sandbox gateway.
  const gateway = areaOf(info) === 'native' ? 'alipay' : 'paypal';
  await page.locator(`[data-testid=pay-method][data-method=${gateway}] input`).check();
  await page.getByTestId('pay-button').click();
  await sandboxAction(page, info, 'pay');

  // Back from the gateway: pay_query settles, then the complete page with the key.
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/complete$`), { timeout: 30_000 });
  const done = page.getByTestId('complete-line');
  await expect(done).toHaveAttribute('data-delivery', 'delivered');
  await done.getByTestId('key-reveal').click();
  await expect(done.getByTestId('key-code')).toHaveText(/\S{5,}/);
  const code = (await done.getByTestId('key-code').textContent())!.trim();

  // The user centre: the order is completed, and the key is there to reveal.
  await page.getByTestId('to-user-center').click();
  await expect(page.getByTestId('user-center-home')).toBeVisible();
  await expect(page.getByTestId('uc-order').first()).toHaveAttribute('data-state', 'completed');
  await page.getByTestId('user-center-menu').getByRole('link', { name: say(info, '游戏激活码', 'Game keys') }).click();
  const row = page.getByTestId('key-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-delivery', 'delivered');
  await row.getByTestId('key-reveal').click();
  await expect(row.getByTestId('key-code')).toHaveText(code);

  // Activation: loading, then success (docs/product/buying.md#key-activation).
  await row.getByTestId('key-activate').click();
  await expect(row.getByTestId('key-activation-result')).toHaveAttribute('data-ok', 'true');

  // Buying it again is refused with the reason in words (`owned`, docs/product/buying.md#order-generation).
  await page.goto(`/sku/${sku.id}`);
  await page.getByTestId('buy-now').click();
  await expect(page.getByTestId('order-failure')).toContainText(say(info, '你已拥有', 'You already own it'));
});
