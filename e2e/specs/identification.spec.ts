import { expect, test } from '@playwright/test';
import { signUpViaApi, skipAccountPrompts } from './helpers';

test.describe('real-name identification form', () => {
  // Mainland accounts give their real name at sign-up, so the form is exercised on the international site.
  test('errors appear when a field is left and clear when it is focused @abroad', async ({ page, context, baseURL }) => {
    const account = await signUpViaApi(context, baseURL!, 'abroad', 'ident');
    await skipAccountPrompts(page, account.id);
    await page.goto('/setting/security/auth');
    const form = page.getByTestId('identification-form');
    const name = form.locator('input[name="name"]');
    const code = form.locator('input[name="code"]');

    await name.click();
    await name.fill('   ');
    await code.click(); // leaving the name validates it: blank after trimming
    const nameError = form.getByText("Real name can't be blank");
    await expect(nameError).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    await name.click(); // focusing clears it
    await expect(nameError).toBeHidden();
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');

    await code.fill('11010519491231002'); // one digit short
    await name.click();
    const codeError = form.getByText('The ID number is not valid');
    await expect(codeError).toBeVisible();
    await code.click();
    await expect(codeError).toBeHidden();

    // Nothing is sent while a field is invalid: submitting shows both errors again.
    await name.fill('');
    await code.fill('');
    await form.getByRole('button', { name: 'Verify' }).click();
    await expect(form.getByText("Real name can't be blank")).toBeVisible();
    await expect(form.getByText("ID number can't be blank")).toBeVisible();
  });

  test('the same form opens as a modal from the security page @abroad', async ({ page, context, baseURL }) => {
    const account = await signUpViaApi(context, baseURL!, 'abroad', 'identmodal');
    await skipAccountPrompts(page, account.id);
    await page.goto('/setting/security');
    await page.getByTestId('security-real-name').getByRole('button', { name: 'Verify now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('identification-form')).toBeVisible();
    await dialog.locator('input[name="code"]').fill('12345');
    await dialog.locator('input[name="name"]').click();
    await expect(dialog.getByText('The ID number is not valid')).toBeVisible();
  });

  test('an identified user sees the identified state instead of the form @native', async ({ page, context, baseURL }) => {
    const account = await signUpViaApi(context, baseURL!, 'native', 'identified');
    await skipAccountPrompts(page, account.id);
    await page.goto('/setting/security/auth');
    await expect(page.getByTestId('identified-state')).toBeVisible();
    await expect(page.getByTestId('identification-form')).toHaveCount(0);
    await expect(page.getByTestId('real-name-masked')).toContainText('*');
    await expect(page.getByTestId('credential-masked')).toContainText('*');
  });
});
