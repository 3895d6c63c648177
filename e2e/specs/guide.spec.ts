import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, type Account } from './helpers';

const SHOTS = process.env.GUIDE_SHOTS_DIR;

/** Signs the browser context in on this site with an account made elsewhere (sessions are per site). */
async function signInHere(context: BrowserContext, baseURL: string, account: Account) {
  const r = context.request;
  await r.get(`${baseURL}/sign_in`);
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await r.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: { login: account.email, password: account.password } } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  // Once the page has stopped scrolling to the step's target (two frames at the same place).
  await expect
    .poll(() => page.evaluate<boolean>('new Promise((done) => { const y = scrollY; requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === y))); })'))
    .toBe(true);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function onStep(page: Page, n: number) {
  await expect(page.getByTestId('guide')).toHaveAttribute('data-step', String(n));
  await expect(page.getByTestId('guide-progress')).toContainText(String(n));
}

/**
 * The beginners' guide (docs/product/screens.md#guide), walked by a new account from step 1 to 10 on each site:
 * step 2 points at the community's posts, 4 goes to /home?type=subject, 6 points at a game, 7 goes to the
 * account's own profile, 8 shows the user menu and 9 hides it. Closing lands on /home and opens the popup the
 * account needs; the guide does not come back after a reload and can be replayed from the user menu.
 */
// Each site walks it at one width, the two sites between them at both (docs/decisions/0030-test-run-time.md,
// "The end-to-end tier"): the mainland on a phone, the international site on a desktop.
for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, { tag: width < 500 ? '@native' : '@abroad' }, () => {
    // The phone run also asks for reduced motion: the guide then jumps to each target instead of scrolling.
    test.use({ viewport: { width, height: width < 500 ? 844 : 768 }, reducedMotion: width < 500 ? 'reduce' : 'no-preference' });
    test('a new account walks the guide, closes it, and can replay it from the user menu', async ({ page, context, baseURL }, info) => {
      test.slow(); // ten steps over five pages, two sites' worth of axe scans
      const area = areaOf(info);
      // On the mainland site an account born on the international one has no phone and no real name: closing the
      // guide asks for them (the identification popup). A new international account needs nothing more.
      const abroadBase = `http://localhost:${process.env.E2E_PORT_ABROAD ?? 3101}`;
      const account = await signUpViaApi(context, abroadBase, 'abroad', 'guide', { keepGuide: true });
      if (area === 'native') await signInHere(context, baseURL!, account);

      await page.goto('/');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await onStep(page, 1);
      await expect(dialog).toBeFocused();
      await shot(page, `${area}-${page.viewportSize()!.width}-step1`);
      expect((await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations.map((v) => v.id)).toEqual([]);

      // Tab stays in the dialog: Skip, Next, Skip again.
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('guide-skip')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('guide-next')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('guide-skip')).toBeFocused();

      await page.getByTestId('guide-next').click();
      await onStep(page, 2);
      await expect(page).toHaveURL(/\/community$/);
      await expect(page.getByTestId('guide-highlight')).toBeVisible();
      await shot(page, `${area}-${page.viewportSize()!.width}-step2`);

      await page.getByTestId('guide-next').click();
      await onStep(page, 3);
      await page.getByTestId('guide-next').click();
      await onStep(page, 4);
      await expect(page).toHaveURL(/\/home\?type=subject$/);
      await expect(page.getByTestId('subjects-tab')).toBeVisible();

      await page.getByTestId('guide-next').click();
      await onStep(page, 5);
      await page.getByTestId('guide-next').click();
      await onStep(page, 6);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('guide-highlight')).toBeVisible();
      await shot(page, `${area}-${page.viewportSize()!.width}-step6`);

      await page.getByTestId('guide-next').click();
      await onStep(page, 7);
      await expect(page).toHaveURL(new RegExp(`/users/${account.id}$`));
      await expect(page.getByTestId('user-profile')).toBeVisible();

      await page.getByTestId('guide-next').click();
      await onStep(page, 8);
      const menu = page.getByTestId('user-menu-content');
      await expect(menu).toBeVisible();
      await expect(page.getByTestId('guide-dialog')).toBeFocused();
      await shot(page, `${area}-${page.viewportSize()!.width}-step8`);

      await page.getByTestId('guide-next').click();
      await onStep(page, 9);
      await expect(menu).toHaveCount(0);

      await page.getByTestId('guide-next').click();
      await onStep(page, 10);
      await shot(page, `${area}-${page.viewportSize()!.width}-step10`);
      const saved = page.waitForResponse((r) => r.url().includes('/api/me/guide') && r.request().method() === 'PATCH');
      await page.getByTestId('guide-next').click(); // Finish
      expect((await saved).status()).toBe(204);
      await expect(page.getByTestId('guide')).toHaveCount(0);
      await expect(page).toHaveURL(/\/home$/);

      if (area === 'native') {
        await expect(page.getByTestId('complete-account-form')).toBeVisible();
        await shot(page, `${area}-${page.viewportSize()!.width}-popup`);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('complete-account-form')).toHaveCount(0);
      } else {
        await expect(page.getByTestId('user-menu')).toBeVisible();
        await expect(page.getByTestId('complete-account-form')).toHaveCount(0);
        await expect(page.getByTestId('basic-info-form')).toHaveCount(0);
      }

      // Once per account: not after a reload, nor in another tab.
      await page.reload();
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(page.getByTestId('guide')).toHaveCount(0);
      const other = await context.newPage();
      await other.goto('/community');
      await expect(other.getByTestId('user-menu')).toBeVisible();
      await expect(other.getByTestId('guide')).toHaveCount(0);
      await other.close();

      // Replay from the user menu; Escape skips it.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-guide').click();
      await onStep(page, 1);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('guide')).toHaveCount(0);
      await expect(page).toHaveURL(/\/home$/);
    });
  });
}

test('the store\'s team is not shown the guide', { tag: '@abroad' }, async ({ page, context, baseURL }) => {
  const r = context.request;
  await r.get(`${baseURL}/sign_in`);
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  expect((await r.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: { login: 'staff@lantern.test', password: 'Lantern2026' } } })).ok()).toBeTruthy();
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('guide')).toHaveCount(0);
});
