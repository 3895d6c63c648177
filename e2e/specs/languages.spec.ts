import { expect, test } from '@playwright/test';
import { areaOf } from './helpers';

test('each site speaks its own language and links to the other site', async ({ page }, info) => {
  const area = areaOf(info);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: area === 'native' ? '主导航' : 'Main' }).first();
  if (area === 'native') {
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(nav.getByRole('link', { name: '商店' })).toBeVisible();
    await expect(page.getByTestId('header-sign-in')).toHaveText('登录');
    await expect(page.getByTestId('other-site-link')).toHaveText('国际站');
  } else {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(nav.getByRole('link', { name: 'Store' })).toBeVisible();
    await expect(page.getByTestId('header-sign-in')).toHaveText('Sign in');
    await expect(page.getByTestId('other-site-link')).toHaveText('Mainland site');
  }
  const href = await page.getByTestId('other-site-link').getAttribute('href');
  expect(href).toMatch(/^http:\/\/localhost:\d+\/?$/);
  expect(href).not.toContain(new URL(page.url()).port);
});

test('the language switch changes the language and remembers the choice', async ({ page }, info) => {
  const area = areaOf(info);
  await page.goto('/');
  const other = area === 'native' ? { label: 'English', signIn: 'Sign in', lang: 'en' } : { label: '简体中文', signIn: '登录', lang: 'zh-CN' };
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitemradio', { name: other.label }).click();
  await expect(page.getByTestId('header-sign-in')).toHaveText(other.signIn);
  await expect(page.locator('html')).toHaveAttribute('lang', other.lang);
  await page.reload();
  await expect(page.getByTestId('header-sign-in')).toHaveText(other.signIn);
});

test('error pages are branded and lead home', { tag: '@abroad' }, async ({ page }, info) => {
  await page.goto('/definitely-not-a-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('page-404')).toBeVisible();
  await page.getByRole('link', { name: areaOf(info) === 'native' ? '返回商店' : 'Back to the store' }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('an unknown user profile goes to /404', { tag: '@native' }, async ({ page }) => {
  await page.goto('/users/987654321');
  await expect(page).toHaveURL(/\/404$/);
});
