import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('guest pages and the sign-in popup meet WCAG 2.1 AA (axe)', async ({ page }) => {
  test.slow(); // axe scans several pages in this one test
  // The store home is scanned by first-visit-accessibility.spec.ts.
  for (const path of ['/sign_up', '/sign_in', '/password/reset', '/unlock', '/404', '/community', '/terms']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto('/');
  await page.getByTestId('header-sign-in').click();
  await page.getByTestId('sign-in-submit').click(); // with its error state
  await expect(page.getByTestId('sign-in-popup').getByRole('alert').first()).toBeVisible();
  expect(await violations(page), 'sign-in popup').toEqual([]);
});

test('user-centre pages meet WCAG 2.1 AA (axe)', async ({ page, context, baseURL }, info) => {
  test.slow(); // axe scans several pages in this one test
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'axe');
  await skipAccountPrompts(page, account.id);
  for (const path of ['/setting/security', '/setting/security/auth', '/setting/profile', '/setting/addresses', '/user_center/points', '/user_center/wishes', `/users/${account.id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
  await page.getByTestId('user-menu').click();
  expect(await violations(page), 'user menu').toEqual([]);
});
