import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, clickSendCode, latestCode, signUpViaApi, skipAccountPrompts, solveCaptcha, uniqueEmail, expectShownDuring } from './helpers';
import { pngFixture } from './png-fixture';

/**
 * Account appeals (docs/product/engagement.md#appeals) on both sites: someone who lost access files an appeal
 * from the sign-in page's "Can't sign in?", staff accept it (staff API), the hold is ended by the development
 * surface's switch (off in production), and the reset link the contact e-mail received sets a new password that
 * signs in.
 */

/** A staff session in its own request context: the page of the sign-in sets the CSRF cookie first. */
async function staffRequest(request: APIRequestContext, baseURL: string) {
  await request.get(`${baseURL}/sign_in`);
  const state = await request.storageState();
  const csrf = state.cookies.find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const signedIn = await request.post(`${baseURL}/api/access_token`, {
    headers: { 'x-csrf-token': csrf },
    data: { access_token: { login: 'staff@lantern.test', password: 'Lantern2026' } },
  });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  return { 'x-csrf-token': csrf };
}

/** The newest message's body the dev outbox holds for an address that contains `needle`. */
async function linkIn(request: APIRequestContext, baseURL: string, to: string, needle: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`${baseURL}/__dev/outbox`, { params: { to } })).json()) as { messages: { body: string }[] };
      const found = body.messages.map((m) => m.body.match(new RegExp(`https?://[^\\s]*${needle}[^\\s]*`))?.[0]).find(Boolean);
      link = found ?? '';
      return link;
    }, { message: `a link with ${needle} sent to ${to}` })
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('files an appeal, staff accept it, and the e-mailed link resets the password', async ({ page, context, baseURL, playwright }, info) => {
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'appeal');
  await context.clearCookies({ name: /^lantern_(native|abroad)_(at|rt)$/ });
  await skipAccountPrompts(page, account.id);
  const contact = uniqueEmail('appeal-contact');

  await page.goto('/sign_in');
  await page.getByRole('link', { name: area === 'native' ? '无法登录？' : "Can't sign in?" }).click();
  await expect(page).toHaveURL(/\/appeals$/);
  await page.locator('input[name="connect_email"]').fill(contact);
  const since = Math.floor(Date.now() / 1000) - 1;
  await clickSendCode(page, baseURL!);
  await page.locator('input[name="number"]').fill(await latestCode(page.request, baseURL!, contact, since));
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('input[name="city"]').fill(area === 'native' ? '杭州' : 'Lisbon');
  await page.locator('textarea[name="description"]').fill(area === 'native' ? '手机丢失，无法登录。' : 'I lost my phone and cannot sign in.');
  // Pictures as a guest (docs/product/engagement.md#guest-uploads): two previewed, one removed, one filed.
  const pictures = page.getByTestId('appeal-attachments');
  await page.getByTestId('appeal-attachment-input').setInputFiles([
    { name: 'receipt.png', mimeType: 'image/png', buffer: pngFixture() },
    { name: 'id.png', mimeType: 'image/png', buffer: pngFixture() },
  ]);
  await expect(pictures.getByRole('img')).toHaveCount(2);
  await expect(pictures.getByText(area === 'native' ? '2 / 5' : '2 of 5')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`form-${area}-${page.viewportSize()!.width}.png`), fullPage: true });
  await pictures.getByRole('button', { name: area === 'native' ? '删除图片 2' : 'Remove picture 2' }).click();
  await expect(pictures.getByRole('img')).toHaveCount(1);
  await solveCaptcha(page, baseURL!);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/appeals\?id=\d+$/);
  await expect(page.getByText(area === 'native' ? '审核中' : 'Under review')).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));

  const staff = await playwright.request.newContext();
  const headers = await staffRequest(staff, baseURL!);
  const evidence = await staff.get(`${baseURL}/api/admin/appeals/${id}`, { headers });
  const seen = await evidence.json();
  expect(seen.evidence).toMatchObject({ password_matches: true, email_matches: true, attachments: 1 });
  expect(seen.attachments).toHaveLength(1);
  const accepted = await staff.patch(`${baseURL}/api/admin/appeals/${id}`, { headers, data: { decision: 'accept' } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  await staff.dispose();
  // The old contact (the account's e-mail) was told, with a deny link.
  await linkIn(page.request, baseURL!, account.email, '/appeals/deny');

  await page.reload();
  await expect(page.getByText(area === 'native' ? '已通过，等待期中' : 'Accepted, on hold')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`detail-${area}-${page.viewportSize()!.width}.png`), fullPage: true });
  const ended = await page.request.post(`${baseURL}/__dev/appeals/${id}/end_hold`);
  expect(await ended.json()).toEqual({ released: true });

  await page.goto(await linkIn(page.request, baseURL!, contact, '/appeals/reset'));
  const fresh = 'Appealed-Lantern-2026';
  await page.locator('input[name="password"]').fill(fresh);
  await page.locator('input[name="password_confirmation"]').fill(fresh);
  await page.screenshot({ path: test.info().outputPath(`reset-${area}-${page.viewportSize()!.width}.png`), fullPage: true });
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/sign_in$/);

  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill(fresh);
  await expectShownDuring(page, 'sign-in-success', () => page.getByTestId('sign-in-submit').click());
});

test('an expired reset link says so and goes home; a deny link shows its page', async ({ page }, info) => {
  const area = areaOf(info);
  await page.goto('/appeals/reset?token=not-a-real-token');
  await page.locator('input[name="password"]').fill('Appealed-Lantern-2026');
  await page.locator('input[name="password_confirmation"]').fill('Appealed-Lantern-2026');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/home$/);
  // The toast itself, not Radix's announcement of it (a live region that lingers on a busy machine).
  await expect(page.getByTestId('toast').getByText(area === 'native' ? '链接已过期。' : 'This link has expired.')).toBeVisible();

  await page.goto('/appeals/deny?token=not-a-real-token');
  await expect(page.getByText(area === 'native' ? '链接已过期。' : 'This link has expired.')).toBeVisible();
});

// Each site takes one width (docs/decisions/0030-test-run-time.md, "When a test runs on one site"): the narrow one on
// the English site, whose longer words are the harder fit; each site's language is proven by the tests above.
for (const [width, site] of [[390, '@abroad'], [1366, '@native']] as const) {
  test(`the appeal pages at ${width} px`, { tag: site }, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/appeals', '/appeals?view=list', '/appeals/reset?token=x', '/appeals/deny?token=x']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, `${path} fits ${width} px`).toBeLessThanOrEqual(0);
      if (width === 1366) {
        const scan = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
      }
    }
  });
}
