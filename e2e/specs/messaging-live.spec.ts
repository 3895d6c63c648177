import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts, type Account, type Area } from './helpers';

/**
 * Live messaging on both sites (docs/product/messaging.md#notification-bar, #live-push): what one browser does
 * reaches another browser's open tab through the live stream — the notification bar and the header's counter
 * change without a reload. Every wait is for an element; nothing sleeps.
 */

const STAFF = { login: 'staff@lantern.test', password: 'Lantern2026' };
const LOCALE: Record<Area, string> = { native: 'zh-CN', abroad: 'en-US' };

/** A call in the context's own cookie jar, with the CSRF header the page would send. */
async function send(context: BrowserContext, baseURL: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await context.request.fetch(`${baseURL}${path}`, { method, headers: { 'x-csrf-token': csrf }, ...(data !== undefined && { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** A new account in its own browser, in the site's language. */
async function newMember(browser: Browser, baseURL: string, area: Area, tag: string): Promise<{ context: BrowserContext; account: Account }> {
  const context = await browser.newContext({ baseURL, locale: LOCALE[area] });
  const account = await signUpViaApi(context, baseURL, area, tag);
  return { context, account };
}

/** Opens a tab on `path` and waits until its live stream is open, so what happens next reaches it. */
async function openLive(context: BrowserContext, accountId: number, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await skipAccountPrompts(page, accountId);
  await page.goto(path);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  return page;
}

const sendMessage = (context: BrowserContext, baseURL: string, targetId: number, content: string) =>
  send(context, baseURL, 'POST', '/api/private_messages', { target_id: targetId, private_message: { content } });

/** The bar and the header together, as a reader sees them. */
async function shootBarAndHeader(page: Page, path: string) {
  await page.screenshot({ path, clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: 360 } });
}

test('A writes to B: B sees the bar, the counter and the conversation without reloading, opens it, and the counter drops in both tabs', async ({ browser, baseURL }, info) => {
  const area = areaOf(info);
  const a = await newMember(browser, baseURL!, area, 'live-pm-a');
  const b = await newMember(browser, baseURL!, area, 'live-pm-b');
  try {
    const bPage = await openLive(b.context, b.account.id, '/');
    const bOtherTab = await openLive(b.context, b.account.id, '/messages/conversations');
    await expect(bPage.getByTestId('header-messages')).toHaveAttribute('data-count', '0');

    const words = `Live hello ${Date.now().toString(36)} 你好`;
    const sent = await sendMessage(a.context, baseURL!, b.account.id, words);

    // Filtered by its words: an announcement from a test running alongside may share the bar.
    const item = bPage.getByTestId('notification-bar-item').filter({ hasText: words });
    await expect(item).toContainText(a.account.nickname);
    await expect(bPage.getByTestId('header-messages')).toHaveAttribute('data-count', '1');
    await expect(bOtherTab.getByTestId('header-messages')).toHaveAttribute('data-count', '1');
    // The other tab lists the new conversation, unread.
    const row = bOtherTab.getByTestId('conversation-row').filter({ hasText: a.account.nickname });
    await expect(row).toHaveAttribute('data-unread', '1');
    await shootBarAndHeader(bPage, info.outputPath(`live-bar-message-${area}.png`));

    // Opening it from the bar reads the conversation: the counter drops here and in the other tab.
    await item.getByRole('link').click();
    await expect(bPage).toHaveURL(new RegExp(`/messages/conversations/${sent.conversation_id}$`));
    await expect(bPage.getByTestId('message').filter({ hasText: words })).toHaveAttribute('data-own', 'false');
    await expect(item).toHaveCount(0);
    await expect(bPage.getByTestId('header-messages')).toHaveAttribute('data-count', '0');
    await expect(bOtherTab.getByTestId('header-messages')).toHaveAttribute('data-count', '0');
    await expect(row).toHaveAttribute('data-unread', '0');

    // While B reads the conversation, A's next message appears in it, and being read there it leaves the counter at 0.
    const more = `And more ${Date.now().toString(36)}`;
    await sendMessage(a.context, baseURL!, b.account.id, more);
    await expect(bPage.getByTestId('message').filter({ hasText: more })).toHaveAttribute('data-own', 'false');
    await expect(bPage.getByTestId('notification-bar-item').filter({ hasText: more })).toHaveCount(0); // already in view
    await expect(bOtherTab.getByTestId('conversation-row').filter({ hasText: more })).toBeVisible();
    await expect(bPage.getByTestId('header-messages')).toHaveAttribute('data-count', '0');
    await expect(bOtherTab.getByTestId('header-messages')).toHaveAttribute('data-count', '0');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('a comment on a review tells its author live: the bar, the counter, and the centre (open or opened) list it', async ({ browser, baseURL }, info) => {
  const area = areaOf(info);
  const author = await newMember(browser, baseURL!, area, 'live-reviewer');
  const replier = await newMember(browser, baseURL!, area, 'live-replier');
  try {
    const groups = await send(author.context, baseURL!, 'GET', '/api/groups');
    const groupId = (groups.groups ?? groups.data ?? [])[0].id as number;
    const draft = await send(author.context, baseURL!, 'GET', `/api/posts/new?group_id=${groupId}&type=Review`);
    const published = await send(author.context, baseURL!, 'PATCH', `/api/drafts/${draft.draft.id}`, { draft: { publish: true, content: `<p>Review ${Date.now().toString(36)} 灯笼</p>`, score: 4 } });
    const review = published.post.id as number;

    const page = await openLive(author.context, author.account.id, '/community');
    const centre = await openLive(author.context, author.account.id, '/messages');
    const words = `Live reply ${Date.now().toString(36)} 好评`;
    await send(replier.context, baseURL!, 'POST', '/api/comments', { comment: { commentable_type: 'Post', commentable_id: review, content: words } });

    const item = page.getByTestId('notification-bar-item').filter({ hasText: words });
    await expect(item).toContainText(replier.account.nickname);
    await expect(page.getByTestId('header-messages')).toHaveAttribute('data-count', '1');
    await shootBarAndHeader(page, info.outputPath(`live-bar-comment-${area}.png`));
    // The centre already open in another tab lists it too.
    await expect(centre.getByTestId('notification-item').filter({ hasText: words })).toHaveAttribute('data-read', 'false');
    await expect(centre.getByTestId('notifications-tabs').locator('[data-tab="comments"]')).toContainText('1');

    // The centre, reached through the header (no reload), opens on the tab holding the unread and lists it.
    await page.getByTestId('header-messages').click();
    await expect(page).toHaveURL(/\/messages\?tab=comments$/);
    const listed = page.getByTestId('notification-item').filter({ hasText: words });
    await expect(listed).toHaveAttribute('data-read', 'false');
    await expect(listed.getByRole('link')).toHaveAttribute('href', `/posts/${review}`);
  } finally {
    await author.context.close();
    await replier.context.close();
  }
});

test('the bar keeps the 3 newest of 4 arrivals, and each closes with ×', { tag: '@abroad' }, async ({ browser, baseURL }, info) => {
  const area = areaOf(info);
  const a = await newMember(browser, baseURL!, area, 'live-bar-a');
  const b = await newMember(browser, baseURL!, area, 'live-bar-b');
  try {
    const page = await openLive(b.context, b.account.id, '/');
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const message = (n: number) => `Message ${n} ${stamp}`;
    const items = page.getByTestId('notification-bar-item');
    const mine = (n: number) => items.filter({ hasText: message(n) });
    for (const n of [1, 2, 3, 4]) {
      await sendMessage(a.context, baseURL!, b.account.id, message(n));
      await expect(mine(n)).toBeVisible();
    }
    await expect(page.getByTestId('header-messages')).toHaveAttribute('data-count', '4');
    // At most 3, the oldest dropped. An announcement from a test running alongside may arrive too (it reaches
    // every tab of the site): then it takes a place as well, and our newest are what is left.
    const shown = async () => {
      const texts = await items.allTextContents();
      return { total: texts.length, ours: [1, 2, 3, 4].filter((n) => texts.some((t) => t.includes(message(n)))) };
    };
    await expect.poll(async () => {
      const { total, ours } = await shown();
      return total === 3 && ours.length > 0 && ours.join() === [1, 2, 3, 4].slice(4 - ours.length).join();
    }, { message: 'the bar holds 3 items, our newest messages in order' }).toBe(true);
    await expect(mine(1)).toHaveCount(0);
    await shootBarAndHeader(page, info.outputPath(`live-bar-full-${area}.png`));
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(mine(4)).toBeInViewport();
    await shootBarAndHeader(page, info.outputPath(`live-bar-full-phone-${area}.png`));

    // Each closes with its ×; closing is not reading: the counter stays.
    await mine(4).getByTestId('notification-bar-close').click();
    await expect(mine(4)).toHaveCount(0);
    await expect(mine(3)).toBeVisible();
    await mine(3).getByTestId('notification-bar-close').click();
    await expect(mine(3)).toHaveCount(0);
    await expect(page.getByTestId('header-messages')).toHaveAttribute('data-count', '4');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("staff's announcement reaches open tabs of its own site only", async ({ browser, baseURL }, info) => {
  const area = areaOf(info);
  const otherArea: Area = area === 'native' ? 'abroad' : 'native';
  const reader = await newMember(browser, baseURL!, area, 'live-broadcast');
  const staff = await browser.newContext({ baseURL });
  try {
    await staff.request.get(`${baseURL}/sign_in`);
    await send(staff, baseURL!, 'POST', '/api/access_token', { access_token: STAFF });
    const page = await openLive(reader.context, reader.account.id, '/');

    // The other site's announcement first: the stream carries it too, in order, so once this site's has
    // arrived the other one has been seen and left out.
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const elsewhere = `Elsewhere ${stamp}`;
    const here = `Here ${stamp} 灯笼`;
    const post = (site: Area, title: string) =>
      send(staff, baseURL!, 'POST', '/api/admin/broadcasts', { broadcast: { area: site, title, content: `${title}: details` } });
    await post(otherArea, elsewhere);
    await post(area, here);

    const item = page.getByTestId('notification-bar-item').filter({ hasText: here });
    await expect(item).toBeVisible();
    await expect(item).toContainText(area === 'native' ? '公告' : 'Announcement');
    await expect(page.getByTestId('notification-bar')).not.toContainText(elsewhere);
    await shootBarAndHeader(page, info.outputPath(`live-bar-broadcast-${area}.png`));

    // The item leads to the centre's announcements, which lists this site's only.
    await item.getByRole('link').click();
    await expect(page).toHaveURL(/\/messages\?tab=broadcasts$/);
    await expect(page.getByTestId('notifications-page')).toContainText(here);
    await expect(page.getByTestId('notifications-page')).not.toContainText(elsewhere);
  } finally {
    await reader.context.close();
    await staff.close();
  }
});
