import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/**
 * A group's appointed moderator on both sites (docs/product/community.md#group-moderators): the demo moderator
 * (groups@lantern.test, appointed to one busy group per site by the seed) hides a reported post of its group from
 * the post page, which resolves the report, and works its queue; a post in another group shows no "Moderate" menu.
 */
const MODERATOR = { login: 'groups@lantern.test', password: 'Lantern2026' };
const SHOTS = process.env.E2E_SHOTS_DIR;

const csrfOf = async (context: BrowserContext, baseURL: string) => (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';

async function signedIn(browser: Browser, baseURL: string, who: { login: string; password: string }, width = 1366) {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.request.get(`${baseURL}/sign_in`);
  const res = await context.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': await csrfOf(context, baseURL) }, data: { access_token: who } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const page = await context.newPage();
  await skipAccountPrompts(page, (await res.json()).account.id);
  return { context, page };
}

async function call(context: BrowserContext, baseURL: string, method: 'get' | 'post' | 'patch', path: string, data?: unknown) {
  const res = await context.request[method](`${baseURL}${path}`, { headers: { 'x-csrf-token': await csrfOf(context, baseURL) }, ...(data !== undefined && { data }) });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
}

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.use({ reducedMotion: 'reduce' });

test('a group moderator hides a reported post of their group from its page, resolves the queue, and has no menu elsewhere', async ({ browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const moderator = await signedIn(browser, baseURL!, MODERATOR);
  const me = await call(moderator.context, baseURL!, 'get', '/api/me') as { id: number; moderated_group_ids: number[] };
  expect(me.moderated_group_ids.length).toBeGreaterThan(0);
  const listed = (await call(moderator.context, baseURL!, 'get', '/api/group_halls?per=10')).groups as { id: number }[];
  const mine = listed.find((g) => me.moderated_group_ids.includes(g.id)) ?? { id: me.moderated_group_ids[0]! };
  const other = listed.find((g) => !me.moderated_group_ids.includes(g.id))!;

  // A member writes a post in each group; another member reports both.
  const publish = async (groupId: number, tag: string) => {
    const author = await browser.newContext();
    await signUpViaApi(author, baseURL!, area, tag);
    const draft = (await call(author, baseURL!, 'get', `/api/posts/new?group_id=${groupId}&type=Post`)).draft as { id: number };
    const post = (await call(author, baseURL!, 'patch', `/api/drafts/${draft.id}`, { draft: { publish: true, content: `<p>Cheap gold, DM me — ${tag} ${Date.now()}</p>` } })).post as { id: number };
    await author.close();
    return post;
  };
  const [inMine, inOther, toDismiss] = [await publish(mine.id, 'gm-author-a'), await publish(other.id, 'gm-author-b'), await publish(mine.id, 'gm-author-c')];
  const reporter = await browser.newContext();
  await signUpViaApi(reporter, baseURL!, area, 'gm-reporter');
  for (const p of [inMine, inOther, toDismiss]) await call(reporter, baseURL!, 'post', '/api/reports', { report: { target_type: 'post', target_id: p.id, reason: 'spam' } });

  const m = moderator.page;
  // The group page names its moderators.
  await m.goto(`/community/groups/${mine.id}`);
  await expect(m.getByTestId('group-moderators')).toContainText('GroupKeeper');

  // The queue, from the account menu: the report about their group waits; the other group's is not theirs.
  await m.goto('/');
  await m.getByTestId('user-menu').click();
  await m.getByTestId('menu-reports').click();
  await expect(m.getByTestId('reports-page')).toBeVisible();
  await expect(m.getByTestId('reports-scope')).toBeVisible();
  const waiting = m.locator(`[data-testid="report"][data-target="post:${inMine.id}"]`);
  await expect(waiting).toBeVisible();
  await expect(m.locator(`[data-testid="report"][data-target="post:${inOther.id}"]`)).toHaveCount(0);
  expect(await violations(m)).toEqual([]);
  if (SHOTS) await m.screenshot({ path: `${SHOTS}/queue-${area}-1366.png`, fullPage: true });
  await waiting.getByTestId('report-claim').click();
  await expect(waiting.getByTestId('report-claimed')).toBeVisible();

  // The post's page: the menu, hide after confirming; the moderator still reads it, marked hidden.
  await waiting.getByTestId('report-open-item').click();
  await expect(m).toHaveURL(new RegExp(`/posts/${inMine.id}$`));
  await m.getByTestId('moderation-menu').click();
  await expect(m.getByTestId('moderate-mute_author')).toHaveCount(0);
  await m.getByTestId('moderate-hide').click();
  const confirm = m.getByRole('dialog');
  await expect(confirm).toBeVisible();
  expect(await violations(m)).toEqual([]);
  await confirm.getByRole('button', { name: area === 'native' ? '隐藏' : 'Hide', exact: true }).click();
  await expect(m.getByTestId('toast').first()).toBeVisible();
  await expect(m.getByTestId('post-moderation-state')).toBeVisible();
  expect((await reporter.request.get(`${baseURL}/api/posts/${inMine.id}`)).status()).toBe(404);

  // Hiding resolved the report: it reads as upheld in the queue.
  await m.goto('/moderation/reports?status=upheld');
  await expect(m.locator(`[data-testid="report"][data-target="post:${inMine.id}"]`).getByTestId('report-resolution')).toBeVisible();

  // Another report is dismissed from the queue: the resolve dialog offers no mute to a group moderator.
  await m.goto('/moderation/reports');
  const dismissing = m.locator(`[data-testid="report"][data-target="post:${toDismiss.id}"]`);
  await expect(dismissing).toBeVisible();
  await dismissing.getByTestId('report-resolve').click();
  const resolve = m.getByRole('dialog');
  await expect(resolve.getByTestId('resolution-mute')).toHaveCount(0);
  await resolve.getByTestId('resolution-dismiss').check();
  await resolve.getByTestId('resolve-confirm').click();
  await expect(dismissing).toHaveCount(0);

  // The other group's post: no menu at all.
  await m.goto(`/posts/${inOther.id}`);
  await expect(m.getByTestId('post-moderation-state')).toHaveCount(0);
  await expect(m.getByRole('article').first()).toBeVisible();
  await expect(m.getByTestId('moderation-menu')).toHaveCount(0);

  // At phone width, the queue and the menu still fit.
  const phone = await signedIn(browser, baseURL!, MODERATOR, 390);
  await phone.page.goto('/moderation/reports?status=upheld');
  await expect(phone.page.getByTestId('reports-page')).toBeVisible();
  expect(await phone.page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/queue-${area}-390.png`, fullPage: true });
  await phone.page.goto(`/community/groups/${mine.id}`);
  await expect(phone.page.getByTestId('group-moderators')).toBeVisible();
  if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/group-${area}-390.png`, fullPage: true });
  await Promise.all([moderator.context.close(), phone.context.close(), reporter.close()]);
});
