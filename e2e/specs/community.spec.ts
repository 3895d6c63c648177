import { expect, test } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/**
 * The community on both sites: a new member joins a game's group, writes a review in the editor (stars
 * and rich text), publishes it, lands on its post page, likes it and comments on it, and finds it on the
 * group's reviews tab.
 */
test('join a group, write and publish a review, and see it on the group page', async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'community');
  await skipAccountPrompts(page, account.id);

  await page.goto('/community');
  const firstGroup = page.getByTestId('group-hall').getByTestId('group-card').first();
  await expect(firstGroup).toBeVisible();
  await firstGroup.getByRole('link').click();
  await expect(page.getByTestId('group-page')).toBeVisible();
  const groupUrl = page.url();

  const join = page.getByTestId('group-join');
  const members = page.getByTestId('group-members');
  const before = Number((await members.textContent())?.match(/\d+/)?.[0] ?? 0);
  await expect(join).toHaveAttribute('aria-pressed', 'false');
  await join.click();
  await expect(join).toHaveAttribute('aria-pressed', 'true');
  await expect(members).toContainText(String(before + 1));

  await page.getByTestId('write-review').click();
  // A first review asks for the responsibility declaration first (docs/product/screens.md#responsibility-dialog).
  await page.getByRole('dialog').getByRole('button', { name: /^(I have got it|我知道了)$/ }).click();
  await expect(page.getByTestId('post-editor')).toBeVisible();
  await page.getByTestId('score-4').click();
  const text = `Review ${Date.now().toString(36)}: the lantern puzzles are wonderful`;
  const editor = page.getByTestId('rich-text-input');
  await editor.click();
  await page.keyboard.type(text);
  await page.getByTestId('post-save-draft').click();
  // The toast itself (shown 4 s), not Radix's announcement of it: that live region lives about a second, and a busy
  // machine's polling can miss it.
  await expect(page.getByTestId('toast').filter({ hasText: /saved|已保存/ }).first()).toBeVisible();
  await page.getByTestId('post-publish').click();

  await expect(page).toHaveURL(/\/posts\/\d+$/);
  await expect(page.getByTestId('post-page')).toContainText(text);
  const discussion = page.getByTestId('post-discussion');
  await expect(discussion).toBeVisible();
  // Like it, then comment on it: the counts move live and the comment is listed.
  const like = discussion.getByTestId('like-buttons').getByRole('button').first();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  const remark = `Thanks ${Date.now().toString(36)} 谢谢`;
  await discussion.getByRole('textbox').first().fill(remark);
  await discussion.getByRole('button', { name: /^(Send|发送)$/ }).click();
  await expect(discussion.getByTestId('comment').filter({ hasText: remark })).toBeVisible();

  await page.goto(`${groupUrl}?tab=reviews`);
  await expect(page.getByTestId('group-reviews').getByTestId('community-post').filter({ hasText: text })).toBeVisible();

  // A second review of the same game is refused with its own message.
  await page.getByTestId('write-review').click();
  await expect(page.getByText(/reviewed this game already|已经评测过/)).toBeVisible();
});
