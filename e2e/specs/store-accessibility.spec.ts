import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The store's pages that first-visit-accessibility.spec.ts does not scan (it scans the home and a game page on
 * each site); the wishlist is scanned with the other user-centre pages in accessibility.spec.ts.
 */
test('store pages meet WCAG 2.1 AA (axe)', async ({ page }) => {
  test.slow(); // axe scans several pages in this one test
  for (const path of ['/search?keyword=a', '/search?price_max=0', '/peripheral']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-deferred]')).toHaveCount(0);
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto('/search');
  await page.getByTestId('search-keyword').fill('a');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await violations(page), 'autocomplete').toEqual([]);
});
