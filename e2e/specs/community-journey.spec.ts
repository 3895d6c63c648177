import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts, type Account } from './helpers';
import { pngFixture } from './png-fixture';

/** The demo admin of the seed (apps/server/src/seed/accounts.ts): mutes an account through the staff API. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

async function csrfOf(context: BrowserContext, baseURL: string): Promise<string> {
  await context.request.get(`${baseURL}/sign_in`);
  return (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
}

/** Staff mute an account for a day (POST /api/admin/accounts/{id}/mute), in a context of their own. */
async function muteAsStaff(browser: Browser, baseURL: string, accountId: number) {
  const admin = await browser.newContext();
  try {
    const csrf = await csrfOf(admin, baseURL);
    const signIn = await admin.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const muted = await admin.request.post(`${baseURL}/api/admin/accounts/${accountId}/mute`, { headers: { 'x-csrf-token': csrf }, data: { mute: { days: 1, reason: 'e2e community journey' } } });
    expect(muted.ok(), await muted.text()).toBeTruthy();
  } finally {
    await admin.close();
  }
}

/** WCAG 2.1 AA problems axe finds on the page as it is (an open list or dialog included). */
async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A second member in a browser context of their own, signed in, with the account prompts kept away. */
async function member(browser: Browser, baseURL: string, area: 'native' | 'abroad', tag: string): Promise<{ context: BrowserContext; page: Page; account: Account }> {
  // Reduced motion, as the test's own page has: axe then measures colours after, not during, a transition.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const account = await signUpViaApi(context, baseURL, area, tag);
  const page = await context.newPage();
  await skipAccountPrompts(page, account.id);
  return { context, page, account };
}

test.use({ reducedMotion: 'reduce' });

/**
 * The community end to end on both sites (issue 12): a member joins a game's group, answers the
 * responsibility declaration, writes a review with an image uploaded through the editor's image button,
 * publishes and likes it; another member replies to them with an @mention picked from the suggestions (the
 * link leads to the first member's page), reports the review and deletes their own reply; a member muted by
 * staff meanwhile gets the mute dialog when sending and the mute notice in place of the comment box; a guest's
 * like opens the sign-in popup.
 */
test('join, review with an image, like, @mention reply, report, delete own, muted and guest refusals', async ({ page, context, browser, baseURL }, info) => {
  test.slow(); // three people, five axe scans
  const area = areaOf(info);
  const author = await signUpViaApi(context, baseURL!, area, 'journey-author');
  await skipAccountPrompts(page, author.id);

  // Join the first group of the hall.
  await page.goto('/community');
  await page.getByTestId('group-hall').getByTestId('group-card').first().getByRole('link').click();
  await expect(page.getByTestId('group-page')).toBeVisible();
  const join = page.getByTestId('group-join');
  await join.click();
  await expect(join).toHaveAttribute('aria-pressed', 'true');

  // A first review asks for the responsibility declaration; "I have got it" opens the editor.
  await page.getByTestId('write-review').click();
  const declaration = page.getByRole('dialog');
  await expect(declaration).toContainText(/Steam/);
  expect(await violations(page), 'the responsibility declaration').toEqual([]);
  await declaration.getByRole('button', { name: /^(I have got it|我知道了)$/ }).click();
  await expect(page.getByTestId('post-editor')).toBeVisible();

  await page.getByTestId('score-5').click();
  const text = `Journey ${Date.now().toString(36)}: lanterns over the river 河上的灯笼`;
  await page.getByTestId('rich-text-input').click();
  await page.keyboard.type(text);
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'river.png', mimeType: 'image/png', buffer: pngFixture() });
  const inserted = page.getByTestId('rich-text-input').locator('img');
  await expect(inserted).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  await page.getByTestId('post-publish').click();

  await expect(page).toHaveURL(/\/posts\/\d+$/);
  const postUrl = page.url();
  const post = page.getByTestId('post-page');
  await expect(post).toContainText(text);
  const image = post.locator('img[src^="/uploads/"]');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  // The author's own post offers no "report".
  await expect(post.getByRole('button', { name: /^(Report|举报)$/ })).toHaveCount(0);

  const discussion = page.getByTestId('post-discussion');
  const like = discussion.getByTestId('like-buttons').getByRole('button').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  const remark = `Thanks for reading ${Date.now().toString(36)}`;
  await discussion.getByRole('textbox').first().fill(remark);
  await discussion.getByRole('button', { name: /^(Send|发送)$/ }).click();
  const authorComment = discussion.getByTestId('comment').filter({ hasText: remark });
  await expect(authorComment).toBeVisible();

  // A second member, and a third who will be muted, open the review.
  const replier = await member(browser, baseURL!, area, 'journey-replier');
  const muted = await member(browser, baseURL!, area, 'journey-muted');
  try {
    const r = replier.page;
    await r.goto(postUrl);
    const theirComment = r.getByTestId('post-discussion').getByTestId('comment').filter({ hasText: remark });
    await theirComment.getByRole('button', { name: /^(Reply|回复)$/ }).first().click();
    const box = theirComment.getByRole('textbox');
    // Type "@" and all but the last character of the author's nickname, then pick them from the suggestions.
    await box.pressSequentially(`@${author.nickname.slice(0, -1)}`);
    const suggestion = r.getByTestId('mention-list').getByRole('option', { name: `@${author.nickname}` });
    await expect(suggestion).toBeVisible();
    expect(await violations(r), 'the thread with a reply box and its suggestions open').toEqual([]);
    await suggestion.click();
    await expect(box).toHaveValue(`@${author.nickname} `);
    await box.pressSequentially('agreed, the river level is the best');
    await theirComment.locator('form').getByRole('button', { name: /^(Reply|回复)$/ }).click();
    const reply = theirComment.getByTestId('reply').filter({ hasText: 'the river level is the best' });
    await expect(reply).toBeVisible();
    const mention = reply.getByRole('link', { name: `@${author.nickname}` });
    await expect(mention).toHaveAttribute('href', `/users/${author.id}`);

    // The reply's own author may delete it but not report it; the review may be reported.
    await expect(reply.getByRole('button', { name: /^(Report|举报)$/ })).toHaveCount(0);
    await r.getByTestId('post-page').getByTestId('report-open').first().click();
    const report = r.getByRole('dialog');
    await report.getByRole('radio').nth(4).check(); // spam
    expect(await violations(r), 'the report dialog').toEqual([]);
    await report.getByRole('textbox').fill('e2e: reporting the review');
    await report.getByRole('button', { name: /^(Send report|提交举报)$/ }).click();
    await expect(r.getByTestId('toast').filter({ hasText: /Reported|举报成功/ }).first()).toBeVisible();
    await expect(report).toBeHidden();

    await reply.getByRole('button', { name: /^(Delete|删除)$/ }).click();
    await r.getByRole('dialog').getByRole('button', { name: /^(Delete|删除)$/ }).click();
    await expect(reply).toHaveCount(0);
    await expect(theirComment.getByTestId('reply')).toHaveCount(0);

    // The @mention leads to the author's page (checked on a fresh page load of the link's target).
    await r.goto(`/users/${author.id}`);
    await expect(r.getByTestId('user-profile')).toContainText(author.nickname);

    // The third member opens the review, then staff mute them: sending is refused with the mute dialog…
    const m = muted.page;
    await m.goto(postUrl);
    const mutedBox = m.getByTestId('post-discussion').getByRole('textbox').first();
    await expect(mutedBox).toBeVisible();
    await muteAsStaff(browser, baseURL!, muted.account.id);
    await mutedBox.fill('can I still write?');
    await m.getByTestId('post-discussion').getByRole('button', { name: /^(Send|发送)$/ }).click();
    const muteDialog = m.getByRole('dialog');
    await expect(muteDialog).toContainText(/support@lantern\.games|contact our staff|请联系工作人员/);
    await muteDialog.getByRole('button', { name: /^(Got it|知道了)$/ }).click();
    // …and on the next visit the comment box is replaced by the mute notice, "reply" opens the notice.
    await m.reload();
    const notice = m.getByTestId('mute-notice-inline');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('support@lantern.games');
    expect(await violations(m), 'the mute notice in place of the comment box').toEqual([]);
    await expect(m.getByTestId('post-discussion').getByRole('textbox')).toHaveCount(0);
    await m.getByTestId('post-discussion').getByTestId('comment').first().getByRole('button', { name: /^(Reply|回复)$/ }).click();
    await expect(m.getByRole('dialog')).toContainText(/You are muted in the community|你已被社区禁言/);
  } finally {
    await replier.context.close();
    await muted.context.close();
  }

  // A guest's like opens the sign-in popup and counts nothing.
  const guest = await browser.newContext();
  try {
    const g = await guest.newPage();
    await g.goto(postUrl);
    const guestLike = g.getByTestId('post-discussion').getByTestId('like-buttons').getByRole('button').first();
    await expect(guestLike).toContainText('1');
    await guestLike.click();
    const popup = g.getByTestId('sign-in-popup');
    await expect(popup).toBeVisible();
    await g.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(guestLike).toHaveAttribute('aria-pressed', 'false');
    await expect(guestLike).toContainText('1');
  } finally {
    await guest.close();
  }
});
