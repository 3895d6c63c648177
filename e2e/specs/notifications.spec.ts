import { expect, test, type BrowserContext } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/** A call in the context's own cookie jar, with the CSRF header the page would send. */
async function send(context: BrowserContext, baseURL: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await context.request.fetch(`${baseURL}${path}`, { method, headers: { 'x-csrf-token': csrf }, ...(data !== undefined && { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** Publishes a review in the first group of the site's hall, as its author would: its post id. */
async function publishReview(context: BrowserContext, baseURL: string, text: string): Promise<number> {
  const groups = await send(context, baseURL, 'GET', '/api/groups');
  const groupId = (groups.groups ?? groups.data ?? [])[0].id as number;
  const draft = await send(context, baseURL, 'GET', `/api/posts/new?group_id=${groupId}&type=Review`);
  const published = await send(context, baseURL, 'PATCH', `/api/drafts/${draft.draft.id}`, { draft: { publish: true, content: `<p>${text}</p>`, score: 4 } });
  return published.post.id as number;
}

/**
 * The notification centre on both sites (docs/product/messaging.md#notifications): a member's reply to a review
 * tells its author — the header's messages counter and the centre's "comments and replies" tab show it, the
 * item links to the review — and marking it read brings the counters down.
 */
test('a reply to a review notifies its author; marking it read changes the counter', async ({ page, context, browser, baseURL }, info) => {
  const area = areaOf(info);
  const author = await signUpViaApi(context, baseURL!, area, 'reviewer');
  await skipAccountPrompts(page, author.id);
  const review = await publishReview(context, baseURL!, `Review ${Date.now().toString(36)} 灯笼`);

  const other = await browser.newContext({ baseURL });
  const replier = await signUpViaApi(other, baseURL!, area, 'replier');
  await other.request.get(`${baseURL}/`);
  const words = `Nice review ${Date.now().toString(36)} 好评`;
  await send(other, baseURL!, 'POST', '/api/comments', { comment: { commentable_type: 'Post', commentable_id: review, content: words } });
  await other.close();

  await page.goto('/messages');
  await expect(page.getByTestId('header-messages')).toContainText('1');
  const tabs = page.getByTestId('notifications-tabs');
  await expect(tabs.locator('[data-tab="comments"]')).toContainText('1');
  const item = page.getByTestId('notification-item').filter({ hasText: words });
  await expect(item).toBeVisible();
  await expect(item).toContainText(replier.nickname);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByRole('link')).toHaveAttribute('href', `/posts/${review}`);
  await page.screenshot({ path: `test-results/notifications-${area}.png`, fullPage: true });

  await item.getByTestId('notification-mark-read').click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(tabs.locator('[data-tab="comments"]')).not.toContainText('1');
  await expect(page.getByTestId('header-messages')).not.toContainText('1');
  await expect(page.getByTestId('notifications-mark-all')).toBeDisabled();

  // The item leads to the review.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/posts/${review}$`));
});
