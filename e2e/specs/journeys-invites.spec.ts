import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, clickSendCode, latestCode, randomResidentId, signUpViaApi, skipAccountPrompts, solveCaptcha, uniqueEmail } from './helpers';


/** The page at a phone's width and a desktop's, for looking at. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('completes a journey task by redeeming its code and opens its reward', async ({ page, context, baseURL }, info) => {
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'journey');
  await skipAccountPrompts(page, account.id);
  await page.goto('/user_center/journeys');
  const journeyPage = page.getByTestId('journeys-page');
  await expect(journeyPage.getByTestId('journey-progress').first()).toBeVisible();
  expect(await violations(page), 'journeys page').toEqual([]);
  await shoot(page, `journeys-${area}`);

  const codeInput = journeyPage.locator('input[name="journey-code"]').first();
  await codeInput.fill('WRONGCODE');
  await codeInput.press('Enter');
  await expect(journeyPage.getByRole('alert').first()).toBeVisible();

  await codeInput.fill('lantern2026');
  await codeInput.press('Enter');
  // Reading the tasks already completed the sign-up task (10 points), so wait for the code's own reward (50 points)
  // and open that one, not whichever reward happens to be listed first.
  await expect(journeyPage.locator('input[name="journey-code"]')).toHaveCount(0);
  const codeReward = page.locator('[data-testid^="journey-reward-"]').filter({ hasText: /(?<!\d)50(?!\d)/ });
  await expect(codeReward).toHaveCount(1);
  await codeReward.locator('[data-testid^="journey-open-"]').click();
  await expect(codeReward.getByTestId('reward-opened')).toBeVisible();
  await shoot(page, `journeys-done-${area}`);

  // The points arrived in the points history.
  await page.goto('/user_center/points');
  await expect(page.getByTestId('point-records').getByText(/(?<!\d)50(?!\d)/).first()).toBeVisible();
});

test('invites a friend who signs up through the link; the inviter sees them', async ({ browser, page, context, baseURL }, info) => {
  const area = areaOf(info);
  const inviter = await signUpViaApi(context, baseURL!, area, 'inviter');
  await skipAccountPrompts(page, inviter.id);
  await page.goto('/user_center/invites');
  const link = await page.getByTestId('invite-link').textContent();
  const code = await page.getByTestId('invite-code').textContent();
  expect(link).toContain(`/sign_up?invite=${code}`);
  await expect(page.getByTestId('invite-rule')).toBeVisible();
  expect(await violations(page), 'invites page').toEqual([]);

  // The friend opens the link in a browser of their own.
  const friendContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const friend = await friendContext.newPage();
  await friend.goto(`/sign_up?invite=${code}`);
  await expect(friend.getByTestId('sign-up-invite')).toContainText(inviter.nickname);
  await shoot(friend, `sign-up-invited-${area}`);
  const form = friend.getByTestId('sign-up-form');
  const email = uniqueEmail('invitee');
  await form.locator('input[name="email"]').fill(email);
  await solveCaptcha(friend, baseURL!);
  const since = Math.floor(Date.now() / 1000) - 1;
  const spent = await clickSendCode(friend, baseURL!);
  const sent = await latestCode(friend.request, baseURL!, email, since);
  if (spent) await solveCaptcha(friend, baseURL!, spent);
  await form.locator('input[name="code"]').fill(sent);
  await form.locator('input[name="password"]').fill('Lantern2026!');
  await form.locator('input[name="password_confirmation"]').fill('Lantern2026!');
  if (area === 'native') {
    await form.locator('input[name="real_name"]').fill('测试用户');
    await form.locator('input[name="credential_num"]').fill(randomResidentId());
  }
  await form.locator('input[name="tos_agreement"]').check();
  await friend.getByTestId('sign-up-submit').click();
  await expect(friend.getByTestId('user-menu')).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('invited-list').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('invited-state')).toBeVisible();
  await shoot(page, `invites-${area}`);
});
