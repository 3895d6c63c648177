import { expect, test } from '@playwright/test';
import { gameForSlot, say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/**
 * An unpaid cart or one-click order is shown as canceled once 30 minutes have passed (docs/product/buying.md#order-display). The server has
 * no way to age an order, so the browser's clock runs ahead instead (Playwright's page.clock): the display
 * rule is applied on the client's clock too, without waiting for the server's sweep.
 */
test('an unpaid order past its 30 minutes shows as canceled, with a way back to the cart', async ({ page, context, baseURL }, info) => {
  test.slow();
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'expiry');
  await skipAccountPrompts(page, account.id);
  const sku = await gameForSlot(page.request, baseURL!, 2);
  await page.clock.install();

  await page.goto(`/sku/${sku.id}`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = /\/orders\/(\d+)\//.exec(page.url())![1];
  await expect(page.getByTestId('pay-button')).toBeVisible();
  const countdown = page.getByTestId('checkout-countdown');
  await expect(countdown).toBeVisible();

  // Ten minutes on: still payable, twenty minutes left.
  await page.clock.fastForward('10:00');
  const left = Number(await countdown.getAttribute('data-seconds-left'));
  expect(left).toBeGreaterThan(19 * 60);
  expect(left).toBeLessThanOrEqual(20 * 60);

  // Past thirty: the order reads canceled (expired), payment is gone, the cart is one click away.
  await page.clock.fastForward('20:05');
  const closed = page.getByTestId('order-closed');
  await expect(closed).toBeVisible();
  await expect(closed).toHaveAttribute('data-expired', 'true');
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'canceled');
  await expect(page.getByTestId('order-state')).toHaveText(say(info, '已取消 · 超时未支付', 'Canceled · expired'));
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
  await expect(closed.getByTestId('back-to-cart')).toBeVisible();

  // The order list says the same, with no pay or cancel buttons left.
  await page.goto('/orders');
  const card = page.locator(`[data-testid=order-card][data-order-id="${orderId}"]`);
  await expect(card).toHaveAttribute('data-state', 'canceled');
  await expect(card.getByTestId('order-pay')).toHaveCount(0);
  await expect(card.getByTestId('order-state')).toHaveAttribute('data-expired', 'true');

  await page.goto(`/orders/${orderId}/checkout`);
  await page.getByTestId('back-to-cart').click();
  await expect(page).toHaveURL(/\/cart/);
});

test('the order list counts an unpaid order down live', async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'countdown');
  await skipAccountPrompts(page, account.id);
  const sku = await gameForSlot(page.request, baseURL!, 3);
  await page.clock.install();
  await page.goto(`/sku/${sku.id}`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/orders\/\d+\/checkout$/);
  const orderId = /\/orders\/(\d+)\//.exec(page.url())![1];

  await page.goto('/orders?state=pending');
  const card = page.locator(`[data-testid=order-card][data-order-id="${orderId}"]`);
  await expect(card).toHaveAttribute('data-state', 'pending');
  const before = Number(await card.getByTestId('countdown').getAttribute('data-seconds-left'));
  await page.clock.fastForward('01:00');
  await expect.poll(async () => Number(await card.getByTestId('countdown').getAttribute('data-seconds-left'))).toBeLessThanOrEqual(before - 59);

  // Cancel it: asked first, then canceled for good (the server says so, not just the clock).
  await card.getByTestId('order-cancel').click();
  await page.getByRole('button', { name: say(info, '取消订单', 'Cancel order') }).last().click();
  await page.goto('/orders?state=canceled');
  const canceled = page.locator(`[data-testid=order-card][data-order-id="${orderId}"]`);
  await expect(canceled).toHaveAttribute('data-state', 'canceled');

  // A canceled order can be deleted too (asked first): it leaves the list for good, yet opens by its number.
  await expect(canceled.getByTestId('order-cancel')).toHaveCount(0);
  await canceled.getByTestId('order-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(say(info, '订单将不再显示在你的订单列表中', 'The order leaves your order list'));
  await dialog.getByRole('button', { name: say(info, '删除', 'Delete'), exact: true }).click();
  await expect(canceled).toHaveCount(0);
  await page.goto('/orders');
  await expect(page.getByTestId('orders-page')).toBeVisible();
  await expect(page.locator(`[data-testid=order-card][data-order-id="${orderId}"]`)).toHaveCount(0);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-state')).toHaveText(say(info, '已删除', 'Deleted'));
  await expect(page.getByTestId('order-delete')).toHaveCount(0);
});
