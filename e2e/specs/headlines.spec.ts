import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/** Demo accounts of the seed (apps/server/src/seed/accounts.ts): an editor and staff. */
const EDITOR = { login: 'editor@lantern.test', password: 'Lantern2026' };
/** The international site's articles are written by the admin (as the seed's are): each site's run has its own writer, so the two never share a pace. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };
const STAFF = { login: 'staff@lantern.test', password: 'Lantern2026' };

/** A browser context signed in as a demo account (cookies, as the page's own sign-in leaves them). */
async function signedIn(browser: Browser, baseURL: string, who: { login: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.request.get(`${baseURL}/sign_in`);
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const res = await context.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: who } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const page = await context.newPage();
  await skipAccountPrompts(page, (await res.json()).account.id);
  return { context, page };
}

/** WCAG 2.1 AA problems axe finds on the page as it is. */
async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.use({ reducedMotion: 'reduce' });

/**
 * Headlines end to end on both sites (issue 13): an editor writes a draft with a section, a body in the
 * rich-text editor and a game from the picker, saves it and submits it; staff publish it from the review
 * queue; a reader finds it on the headlines home, sees the game with its price and buy button, likes it and
 * comments on it, and the list counts the comment.
 */
test('an editor writes a draft, staff publish it, a reader likes and comments on it', async ({ page, context, browser, baseURL }, info) => {
  test.slow(); // three people, axe scans of the editor and the queue
  const area = areaOf(info);
  const title = `E2E headline ${area} ${Date.now().toString(36)}`;

  const editor = await signedIn(browser, baseURL!, area === 'native' ? EDITOR : ADMIN);
  const staff = await signedIn(browser, baseURL!, STAFF);
  try {
    // The editor: a new draft from "My drafts", saved, then submitted.
    const e = editor.page;
    await e.goto('/headlines');
    await e.getByTestId('headline-drafts-link').click();
    await e.getByTestId('headline-new-draft').click();
    await expect(e.getByTestId('headline-editor')).toBeVisible();
    await e.getByTestId('headline-section').selectOption({ index: 2 });
    await e.getByTestId('headline-title').fill(title);
    await e.getByTestId('rich-text-input').click();
    await e.keyboard.type('A patch worth reading about.');
    await e.getByTestId('headline-game-search').fill('a');
    await e.getByTestId('headline-game-add').first().click();
    await expect(e.getByTestId('headline-picked-games').locator('li')).toHaveCount(1);
    expect(await violations(e), 'the editor').toEqual([]);
    await e.getByTestId('headline-save').click();
    await expect(e).toHaveURL(/\/headlines\/drafts\/\d+\/edit$/);
    await e.getByTestId('headline-submit').click();
    await expect(e).toHaveURL(/\/headlines\/drafts$/);
    const own = e.getByTestId('own-draft').filter({ hasText: title });
    await expect(own.getByTestId('draft-status')).toHaveText(/In review|审核中/);

    // Staff publish it from the queue.
    const s = staff.page;
    await s.goto('/headlines/drafts');
    const queued = s.getByTestId('queued-draft').filter({ hasText: title });
    expect(await violations(s), 'the drafts and the review queue').toEqual([]);
    await queued.getByTestId('draft-publish').click();
    await expect(queued).toHaveCount(0);

    // The editor's draft now reads "published".
    await e.reload();
    await expect(e.getByTestId('own-draft').filter({ hasText: title }).getByTestId('draft-status')).toHaveText(/Published|已发布/);
  } finally {
    await editor.context.close();
    await staff.context.close();
  }

  // A reader finds it, sees the game with its price, likes it and comments.
  const reader = await signUpViaApi(context, baseURL!, area, 'headline-reader');
  await skipAccountPrompts(page, reader.id);
  await page.goto('/headlines');
  await expect(page.getByTestId('headline-featured')).toBeVisible();
  expect(await violations(page), 'the headlines home').toEqual([]);
  await page.getByTestId('headline-list').getByRole('link', { name: title }).click();
  const article = page.getByTestId('headline-page');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(article).toContainText('A patch worth reading about.');
  const game = article.getByTestId('headline-games').getByTestId('sku-card');
  await expect(game).toHaveCount(1);
  await expect(game.getByTestId('headline-buy')).toBeVisible();
  await expect(article.getByTestId('post-discussion')).toBeVisible();
  expect(await violations(page), 'the article').toEqual([]);

  const discussion = article.getByTestId('post-discussion');
  const like = discussion.getByTestId('like-buttons').getByRole('button').first();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  const remark = `Good read ${Date.now().toString(36)}`;
  await discussion.getByRole('textbox').first().fill(remark);
  await discussion.getByRole('button', { name: /^(Send|发送)$/ }).click();
  await expect(discussion.getByTestId('comment').filter({ hasText: remark })).toBeVisible();

  // The comment stays after a reload, and the list counts it.
  await page.reload();
  await expect(page.getByTestId('post-discussion').getByTestId('comment').filter({ hasText: remark })).toBeVisible();
  await page.goto('/headlines');
  await expect(page.getByTestId('headline-row').filter({ hasText: title })).toContainText(/1 comment|1 评论/);
});
