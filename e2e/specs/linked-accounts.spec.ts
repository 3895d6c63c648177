import { expect, test } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

test('link Steam in the sandbox: the responsibility declaration, the sandbox sign-in, then the settings page and the personal page show it', async ({ page, context, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'steam');
  await skipAccountPrompts(page, account.id);
  await page.goto('/setting/linked_accounts');
  const steam = page.getByTestId('linked-steam');
  await expect(steam).toHaveAttribute('data-bound', 'false');

  // Steam data is shared only after the declaration: "unbound temporarily" leaves without linking.
  await page.getByTestId('link-steam').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: area === 'native' ? '暂不绑定' : 'Unbound temporarily' }).click();
  await expect(dialog).toBeHidden();
  await expect(steam).toHaveAttribute('data-bound', 'false');

  await page.getByTestId('link-steam').click();
  await page.getByRole('dialog').getByRole('button', { name: area === 'native' ? '我知道了' : 'I have got it' }).click();
  // The sandbox stands in for Steam's sign-in page.
  await expect(page).toHaveURL(/\/sandbox\/steam\/openid\/login/);
  const steamId = await page.getByTestId('sandbox-steam-id').inputValue();
  await page.getByTestId('sandbox-steam-sign-in').click();

  await expect(page).toHaveURL(/\/setting\/linked_accounts$/);
  await expect(steam).toHaveAttribute('data-bound', 'true');
  await expect(page.getByTestId('linked-steam-state')).toContainText(steamId.slice(-5));
  await expect(page.getByTestId('steam-library').getByRole('listitem').first()).toBeVisible();

  // The personal page shows the Steam library to everyone, under the games bought here.
  await page.goto(`/users/${account.id}`);
  const library = page.getByTestId('profile-steam-library');
  await expect(library.getByTestId('steam-game').first()).toBeVisible();
  await expect(library.getByTestId('steam-summary')).toContainText(area === 'native' ? '小时' : 'h played');
  await page.goto('/setting/linked_accounts');

  // Unlinking puts it back.
  await page.getByTestId('unbind-steam').click();
  await page.getByRole('dialog').getByRole('button', { name: area === 'native' ? '解除绑定' : 'Unlink' }).click();
  await expect(steam).toHaveAttribute('data-bound', 'false');
});
