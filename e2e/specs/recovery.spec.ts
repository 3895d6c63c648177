import { expect, test } from '@playwright/test';
import { areaOf, clickSendCode, latestCode, signUpViaApi, skipAccountPrompts, expectShownDuring } from './helpers';

test('resets a forgotten password by e-mail, then signs in with the new one', async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'reset');
  await context.clearCookies({ name: /^lantern_(native|abroad)_(at|rt)$/ });
  await skipAccountPrompts(page, account.id);
  const fresh = 'NewLantern2026?';

  await page.goto('/password/reset');
  await page.getByRole('tab', { name: areaOf(info) === 'native' ? '邮箱找回' : 'By e-mail' }).click();
  await page.locator('input[name="target"]').fill(account.email);
  const since = Math.floor(Date.now() / 1000) - 1;
  await clickSendCode(page, baseURL!);
  const code = await latestCode(page.request, baseURL!, account.email, since);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="password"]').fill(fresh);
  await page.locator('input[name="password_confirmation"]').fill(fresh);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/sign_in$/);

  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill(fresh);
  await expectShownDuring(page, 'sign-in-success', () => page.getByTestId('sign-in-submit').click());
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
