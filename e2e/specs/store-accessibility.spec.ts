import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { searchApi } from './store-helpers';

async function violations(page: Page) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('store pages meet WCAG 2.1 AA (axe)', async ({ page, baseURL }) => {
  test.slow(); // axe scans several pages in this one test
  const list = await searchApi(page.request, baseURL!, 'order=rank&direction=desc&page=1&per=10');
  for (const path of ['/home', '/search?keyword=a', '/search?price_max=0', `/sku/${list.skus[0]!.id}`, '/peripheral']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Every deferred block rendered, and on the home the layout packs arrived (they are merged for a moment first).
    await expect(page.locator('[data-deferred]')).toHaveCount(0);
    if (path === '/home') await expect(page.getByTestId('pack').first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto('/search');
  await page.getByTestId('search-keyword').fill('a');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await violations(page), 'autocomplete').toEqual([]);
});

test('the wishlist meets WCAG 2.1 AA (axe)', async ({ page, context, baseURL }, info) => {
  test.slow(); // axe scans several pages in this one test
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'axewish');
  await skipAccountPrompts(page, account.id);
  await page.goto('/user_center/wishes');
  await page.waitForLoadState('networkidle');
  expect(await violations(page), 'empty wishlist').toEqual([]);
});
