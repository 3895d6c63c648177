import { expect, test, type BrowserContext } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/** A write by another member, through the API in their own cookie jar (with the CSRF header the page would send). */
async function postTalk(context: BrowserContext, baseURL: string, text: string): Promise<number> {
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await context.request.post(`${baseURL}/api/talks`, { headers: { 'x-csrf-token': csrf }, data: { talk: { content: `<p>${text}</p>` } } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { talk: { id: number } }).talk.id;
}

/**
 * People on both sites (docs/product/people.md): a member follows another from their personal page and sees
 * their talk in the feed, unfollows, then blocks them — the blocked member's talk vanishes from every list, and
 * its page opens with a notice until "show anyway" — and unblocks them from the block list in the user centre,
 * which brings it back.
 */
test('follow and unfollow, block and see the blocked person\'s talk vanish, unblock from the block list', async ({ page, context, browser, baseURL }, info) => {
  const area = areaOf(info);
  const other = await browser.newContext({ baseURL });
  const author = await signUpViaApi(other, baseURL!, area, 'talker');
  const words = `Talk ${Date.now().toString(36)} 灯笼`;
  const talkId = await postTalk(other, baseURL!, words);
  await other.close();

  const reader = await signUpViaApi(context, baseURL!, area, 'reader');
  await skipAccountPrompts(page, reader.id);

  // Follow from the personal page; the talk is in the feed.
  await page.goto(`/users/${author.id}`);
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveText(/^(Follow|关注)$/);
  await follow.click();
  await expect(follow).toHaveText(/^(Following|已关注)$/);
  await expect(page.getByTestId('followers-count')).toContainText('1');
  await page.goto('/talks');
  await expect(page.getByTestId('talks-list').getByTestId('talk-card').filter({ hasText: words })).toBeVisible();

  // Unfollow: the feed no longer has it.
  await page.goto(`/users/${author.id}`);
  // Follows and unfollows are paced a second apart (docs/product/people.md#follows): an unfollow sooner than that is
  // refused with the pace's message and the button stays, so the reader clicks again, as a person would.
  const button = page.getByTestId('follow-button');
  await expect(button).toHaveText(/^(Following|已关注)$/);
  await expect(async () => {
    if (/^(Following|已关注)$/.test(await button.innerText())) await button.click();
    await expect(button).toHaveText(/^(Follow|关注)$/, { timeout: 1_000 });
  }).toPass({ intervals: [500, 1_000, 1_000], timeout: 10_000 });
  await page.goto('/talks');
  await expect(page.getByText(words)).toHaveCount(0);

  // Everyone's talks show it until the reader blocks its author.
  await page.goto('/talks?tab=all');
  await expect(page.getByTestId('talk-card').filter({ hasText: words })).toBeVisible();
  await page.goto(`/users/${author.id}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('block-button').click();
  await expect(page.getByTestId('block-button')).toHaveText(/^(Unblock|取消拉黑)$/);
  await expect(page.getByTestId('follow-button')).toHaveCount(0);
  await page.goto('/talks?tab=all');
  await expect(page.getByTestId('talks-list')).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);

  // Its page, opened by a link, says whose it is and hides it until the reader asks (docs/product/people.md#direct-links).
  await page.goto(`/talks/${talkId}`);
  const notice = page.getByTestId('blocked-author-notice');
  await expect(notice.getByRole('heading')).toContainText(author.nickname);
  await expect(page.getByText(words)).toHaveCount(0);
  expect((await axeOn(page).include('[data-testid="blocked-author-notice"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);
  await notice.getByRole('button', { name: /^(Show anyway|仍然查看)$/ }).click();
  await expect(page.getByTestId('talk-card').filter({ hasText: words })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The block list in the user centre names them; unblocking brings the talk back.
  await page.goto('/user_center/block_list');
  const entry = page.getByTestId('block-list').getByRole('listitem').filter({ hasText: author.nickname });
  await expect(entry).toBeVisible();
  await entry.getByTestId('unblock-button').click();
  await expect(page.getByTestId('block-list')).toHaveCount(0);
  await page.goto('/talks?tab=all');
  await expect(page.getByTestId('talk-card').filter({ hasText: words })).toBeVisible();
});
