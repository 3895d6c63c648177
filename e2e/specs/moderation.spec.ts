import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/**
 * Moderation on the web, on both sites (docs/product/community.md#moderation-on-the-web): staff hide a reported
 * post from its page and work the report queue (claim, resolve); staff read an editor's draft as it will be
 * published, then publish it (docs/product/headlines.md#publishing).
 */
const STAFF = { login: 'staff@lantern.test', password: 'Lantern2026' };
/** Each site's drafts come from its own writer (as in headlines.spec.ts), so the two runs never share one. */
const WRITER = { native: { login: 'editor@lantern.test', password: 'Lantern2026' }, abroad: { login: 'admin@lantern.test', password: 'Lantern2026' } };

const csrfOf = async (context: BrowserContext, baseURL: string) => (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';

/** A browser context signed in as a demo account (cookies, as the page's own sign-in leaves them). */
async function signedIn(browser: Browser, baseURL: string, who: { login: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.request.get(`${baseURL}/sign_in`);
  const res = await context.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': await csrfOf(context, baseURL) }, data: { access_token: who } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const page = await context.newPage();
  await skipAccountPrompts(page, (await res.json()).account.id);
  return { context, page };
}

/** Calls the API as the context's account, as the web app would (cookie and CSRF header). */
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

test('staff hide a reported post from its page, then claim and resolve another report in the queue', async ({ browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  // Two members each write a post in the first group (a new account's pace allows one at a time); another
  // member reports both as illegal (the queue's most serious).
  const publish = async (tag: string) => {
    const author = await browser.newContext();
    await signUpViaApi(author, baseURL!, area, tag);
    const group = (await call(author, baseURL!, 'get', '/api/groups?per=1')).groups[0] as { id: number };
    const draft = (await call(author, baseURL!, 'get', `/api/posts/new?group_id=${group.id}&type=Post`)).draft as { id: number };
    const post = (await call(author, baseURL!, 'patch', `/api/drafts/${draft.id}`, { draft: { publish: true, content: `<p>Cheap gold and free keys, ${tag} ${Date.now()}</p>` } })).post as { id: number };
    await author.close();
    return post;
  };
  const [first, second] = [await publish('mod-author-a'), await publish('mod-author-b')];
  const reporter = await browser.newContext();
  await signUpViaApi(reporter, baseURL!, area, 'mod-reporter');
  for (const p of [first, second]) await call(reporter, baseURL!, 'post', '/api/reports', { report: { target_type: 'post', target_id: p.id, reason: 'illegal' } });

  const staff = await signedIn(browser, baseURL!, STAFF);
  const s = staff.page;
  // The first post's page: staff open the menu (a chunk of its own), hide it after confirming.
  await s.goto(`/posts/${first.id}`);
  await s.getByTestId('moderation-menu').click();
  await s.getByTestId('moderate-hide').click();
  const confirm = s.getByRole('dialog');
  await expect(confirm).toBeVisible();
  expect(await violations(s)).toEqual([]);
  await confirm.getByRole('button', { name: area === 'native' ? '隐藏' : 'Hide', exact: true }).click();
  await expect(s.getByTestId('toast').first()).toBeVisible();
  await expect(s.getByTestId('post-moderation-state')).toBeVisible();

  // The queue, from the account menu: the hidden post's report is upheld already; the other waits.
  await s.goto('/');
  await s.getByTestId('user-menu').click();
  await s.getByTestId('menu-reports').click();
  await expect(s.getByTestId('reports-page')).toBeVisible();
  const waiting = s.locator(`[data-testid="report"][data-target="post:${second.id}"]`);
  await expect(waiting).toBeVisible();
  await expect(s.locator(`[data-testid="report"][data-target="post:${first.id}"]`)).toHaveCount(0);
  expect(await violations(s)).toEqual([]);
  await waiting.getByTestId('report-claim').click();
  await expect(waiting.getByTestId('report-claimed')).toBeVisible();
  await expect(waiting.getByTestId('report-open-item')).toHaveAttribute('href', `/posts/${second.id}`);
  await waiting.getByTestId('report-resolve').click();
  const resolve = s.getByRole('dialog');
  await resolve.getByTestId('resolution-hide').check();
  await resolve.getByTestId('resolve-confirm').click();
  await expect(waiting).toHaveCount(0);
  // Both now read as upheld with the action taken.
  await s.getByTestId('report-states').getByRole('link').nth(1).click();
  for (const p of [first, second]) await expect(s.locator(`[data-testid="report"][data-target="post:${p.id}"]`).getByTestId('report-resolution')).toBeVisible();
  // Readers find neither post any more.
  expect((await reporter.request.get(`${baseURL}/api/posts/${second.id}`)).status()).toBe(404);
  await Promise.all([staff.context.close(), reporter.close()]);
});

test('staff read an editor\'s draft as it will be published, then publish it', async ({ browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const writer = await signedIn(browser, baseURL!, WRITER[area]);
  const section = (await call(writer.context, baseURL!, 'get', '/api/headline_page')).sections[0] as { id: number };
  const title = `Preview check ${Date.now()}`;
  const draft = await call(writer.context, baseURL!, 'post', '/api/headline_drafts', {
    headline_draft: { section_id: section.id, title, content: '<p>The <strong>season</strong> starts on Friday.</p>', submit: true },
  }) as { id: number };

  const staff = await signedIn(browser, baseURL!, STAFF);
  const s = staff.page;
  await s.goto('/headlines/drafts');
  const queued = s.locator(`[data-testid="queued-draft"][data-id="${draft.id}"]`);
  await queued.getByTestId('draft-preview').click();
  const preview = s.getByTestId('preview-article');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(preview.locator('strong')).toHaveText('season');
  expect(await violations(s)).toEqual([]);
  await s.getByTestId('preview-publish').click();
  // Publishing lands on the article itself, which reads as the preview did.
  await expect(s).toHaveURL(/\/headlines\/\d+$/);
  await expect(s.getByTestId('headline-page').getByRole('heading', { level: 1 })).toHaveText(title);
  await Promise.all([staff.context.close(), writer.context.close()]);
});
