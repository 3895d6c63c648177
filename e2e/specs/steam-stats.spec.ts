import { expect, test, type Browser } from '@playwright/test';
import { areaOf, skipAccountPrompts } from './helpers';

/**
 * The achievements and Steam reviews tabs of a personal page (docs/product/personal-pages.md#achievements,
 * #steam-reviews), with the demo shoppers whose Steam is linked in the sandbox (apps/server/src/seed/linked-accounts.ts).
 * Each site uses its own demo account, so the two projects never switch the same setting at once.
 */
const OWNER = { native: { login: 'demo@lantern.test', password: 'Lantern2026' }, abroad: { login: 'player@lantern.test', password: 'Lantern2026' } };

async function signedIn(browser: Browser, baseURL: string, who: { login: string; password: string }) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.request.get(`${baseURL}/sign_in`);
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await context.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: who } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const id = (await res.json()).account.id as number;
  const page = await context.newPage();
  await skipAccountPrompts(page, id);
  return { context, page, id };
}

test('a personal page shows Steam achievements and reviews; the owner can hide the reviews from others', async ({ browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const native = area === 'native';
  const { context, page, id } = await signedIn(browser, baseURL!, OWNER[area]);

  await page.goto(`/users/${id}`);
  await page.getByRole('link', { name: native ? '成就' : 'Achievements' }).click();
  await expect(page).toHaveURL(/tab=achievements/);
  const game = page.getByTestId('achievement-game').first();
  await expect(game).toBeVisible();
  await expect(game.getByTestId('achievement-progress')).toContainText('%');
  // Achievements are named in the site's language.
  await expect(page.getByTestId('achievement').first()).toContainText(native ? /[\u4e00-\u9fff]/ : /[A-Za-z]/);
  await page.screenshot({ path: info.outputPath(`achievements-${area}.png`), fullPage: true });

  await page.getByRole('link', { name: native ? 'Steam 评测' : 'Steam reviews' }).click();
  await expect(page.getByTestId('steam-review').first()).toBeVisible();
  await expect(page.getByTestId('steam-review').first().getByRole('link', { name: native ? '在 Steam 上查看' : 'Read on Steam' })).toHaveAttribute('href', /steamcommunity\.com\/profiles\/\d+\/recommended\/\d+\//);
  await page.screenshot({ path: info.outputPath(`steam-reviews-${area}.png`), fullPage: true });

  // The owner turns them off in the profile settings: others are told, the owner still sees them with a note.
  await page.goto('/setting/profile');
  const toggle = page.getByTestId('show-steam-review-switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  try {
    await page.goto(`/users/${id}?tab=steam_reviews`);
    await expect(page.getByTestId('steam-reviews-private-note')).toBeVisible();
    await expect(page.getByTestId('steam-review').first()).toBeVisible();

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${baseURL}/users/${id}?tab=steam_reviews`);
    await expect(guestPage.getByText(native ? '这位玩家未公开自己的 Steam 评测。' : 'This player keeps their Steam reviews to themselves.')).toBeVisible();
    await expect(guestPage.getByTestId('steam-review')).toHaveCount(0);
    await guestPage.screenshot({ path: info.outputPath(`steam-reviews-hidden-${area}.png`), fullPage: true });
    await guest.close();
  } finally {
    // Put the demo account back as the seed left it.
    await page.goto('/setting/profile');
    await page.getByTestId('show-steam-review-switch').click();
    await expect(page.getByTestId('show-steam-review-switch')).toHaveAttribute('aria-checked', 'true');
    await context.close();
  }
});
