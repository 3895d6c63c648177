import { expect, test } from '@playwright/test';
import { gameForSlot, sandboxAction, say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

test('a failed payment shows the failure and the order can be paid again', async ({ page, context, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'payfail');
  await skipAccountPrompts(page, account.id);
  const sku = await gameForSlot(page.request, baseURL!, 1);

  // Buy now: a one-click order straight to checkout.
  await page.goto(`/sku/${sku.id}`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = /\/orders\/(\d+)\//.exec(page.url())![1];
  await expect(page.getByTestId('checkout-page')).toContainText(say(info, '立即购买', 'Buy now'));

  await page.getByTestId('pay-button').click();
  await sandboxAction(page, info, 'fail');

  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/checkout\\?payment_id=\\d+$`));
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-outcome', 'failed', { timeout: 30_000 });
  await expect(result).toContainText(say(info, '支付失败', 'Payment failed'));

  // Pay again: back to the methods, the countdown still running.
  await result.getByTestId('pay-again').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/checkout$`));
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await expect(page.getByTestId('checkout-countdown')).toBeVisible();

});

test('canceling on the payment page comes straight back to the methods, saying so', async ({ page, context, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'paycancel');
  await skipAccountPrompts(page, account.id);
  // Never paid, so no key is taken: any game will do.
  const sku = await gameForSlot(page.request, baseURL!, 8);

  await page.goto(`/sku/${sku.id}`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = /\/orders\/(\d+)\//.exec(page.url())![1];
  await page.getByTestId('pay-button').click();
  const asks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/orders/${orderId}/pay_query`)) asks.push(request.url());
  });
  await sandboxAction(page, info, 'cancel');

  // The gateway closed the trade: the first pay_query answers canceled and the page says so, with no
  // second ask and no slow-payment hint. Counting asks, not seconds, keeps this true on a busy machine.
  const notice = page.getByTestId('pay-canceled');
  await expect(notice).toBeVisible();
  expect(asks).toHaveLength(1);
  await expect(notice).toContainText(say(info, '支付已取消', 'Payment canceled'));
  await expect(notice).toContainText(say(info, '请选择支付方式重新支付', 'Choose a method and pay again'));
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/checkout$`));
  await expect(page.getByTestId('pay-waiting')).toHaveCount(0);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await expect(page.getByTestId('checkout-countdown')).toBeVisible();

  // The order keeps the attempt, canceled.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-payments')).toContainText(say(info, '已取消', 'canceled'));
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'pending');
});

test('an order that is not yours is an unusual payment', { tag: '@native' }, async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'unusual');
  await skipAccountPrompts(page, account.id);
  // Someone else's (or no) order: pay_query answers 404, shown as "unusual payment" (docs/product/buying.md#payment-outcomes), not as a crash.
  await page.route('**/api/me/orders/999999999**', (route) =>
    route.fulfill({
      json: {
        id: 999999999, type: 'cart', state: 'pending', display_state: 'pending', cate: 'game', area: areaOf(info), currency: areaOf(info) === 'native' ? 'CNY' : 'USD',
        list_amount: 100, subtotal_amount: 100, coupon_amount: 0, total_amount: 100, account_coupon_id: null, address: null, cancel_reason: null, version: 0,
        created_at_timestamp: Math.floor(Date.now() / 1000), expires_at_timestamp: Math.floor(Date.now() / 1000) + 1800, canceled_at_timestamp: null,
        completed_at_timestamp: null, order_games: [], payments: [],
      },
    }),
  );
  await page.goto('/orders/999999999/checkout?payment_id=1');
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-outcome', 'unusual');
  await expect(result).toContainText(say(info, '支付异常', 'Unusual payment'));
});
