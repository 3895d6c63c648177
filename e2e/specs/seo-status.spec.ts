import { expect, test } from '@playwright/test';
import { areaOf } from './helpers';

/** What a stranger and a search engine get (docs/product/screens.md#status-codes): real statuses, the store's own pages. */
test('an unknown address answers 404 with the store\'s not-found page', async ({ page }, info) => {
  const native = areaOf(info) === 'native';
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('page-404')).toBeVisible();
  await expect(page.getByRole('link', { name: native ? '返回商店' : 'Back to the store' })).toBeVisible();
  await expect(page).toHaveTitle(native ? /· 灯笼游戏$/ : /· Lantern$/);
});

test('a missing post answers 404 and shows not found, not a retry', { tag: '@native' }, async ({ page }) => {
  const response = await page.goto('/posts/987654321');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('page-404')).toBeVisible();
  await expect(page).toHaveURL(/\/posts\/987654321$/);
  await expect(page.getByRole('button', { name: /Retry|重试/ })).toHaveCount(0);
});

test('the terms and the privacy policy open from the footer, with robots.txt naming the sitemap', async ({ page, request }, info) => {
  const native = areaOf(info) === 'native';
  await page.goto('/');
  await page.getByTestId('footer-terms').click();
  await expect(page.getByRole('heading', { level: 1, name: native ? '服务条款' : 'Terms of Service' })).toBeVisible();
  await page.getByRole('link', { name: native ? '隐私政策' : 'Privacy Policy' }).last().click();
  await expect(page.getByTestId('legal-privacy')).toBeVisible();
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
});
