import { expect, test, type BrowserContext } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { nameOn, type Localized } from './store-helpers';

/** The demo staff member of the seed (apps/server/src/seed/accounts.ts): reads the feedback inbox. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

/** A 40×30 PNG, the screenshot a player attaches. */
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVRIie3VQQ0AMAwCwDlCGpKwOhnb45L+mzSUO+mezLG4Th3hmneqAonKHCSKxWGxWAwWh8ViMV+xeAF7B848TjbLRwAAAABJRU5ErkJggg==',
  'base64',
);

interface NoticeSummary {
  id: number;
  title: Localized;
  pinned: boolean;
}

async function csrfOf(context: BrowserContext, baseURL: string): Promise<string> {
  await context.request.get(`${baseURL}/sign_in`);
  return (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
}

test('read a notice: from the footer to the list, pinned first, then the article in the site\'s language', async ({ page, request, baseURL }, info) => {
  const list = (await (await request.get(`${baseURL}/api/notices`)).json()) as { notices: NoticeSummary[]; meta: { total_count: number } };
  expect(list.meta.total_count).toBeGreaterThan(0);
  const pinned = list.notices[0]!;
  expect(pinned.pinned).toBe(true);

  await page.goto('/');
  await page.getByTestId('footer-notices').click();
  await expect(page).toHaveURL(/\/notices$/);
  const items = page.getByTestId('notice-item');
  await expect(items).toHaveCount(list.notices.length);
  await expect(items.first()).toContainText(nameOn(info, pinned.title));

  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/notices/${pinned.id}$`));
  const article = page.getByTestId('notice-article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(nameOn(info, pinned.title));
  await expect(page).toHaveTitle(new RegExp(nameOn(info, pinned.title).slice(0, 10)));

  // An unknown notice is the not-found page.
  await page.goto('/notices/999999999');
  await expect(page).toHaveURL(/\/404$/);
});

test('version progress: the newest released version shows its notes by kind; another opens on demand', { tag: '@native' }, async ({ page }, info) => {
  await page.goto('/versions');
  const cards = page.getByTestId('version-card');
  await expect(cards.first()).toBeVisible();
  const released = page.locator('[data-testid="version-card"][data-version="2.9"]');
  await expect(released.getByTestId('release-group')).toHaveCount(3);
  await expect(released.locator('[data-testid="release-group"]').first()).toHaveAttribute('data-kind', 'feature');
  const older = page.locator('[data-testid="version-card"][data-version="2.8"]');
  await expect(older.getByTestId('release-group')).toHaveCount(0);
  await older.getByRole('button').click();
  await expect(older.getByTestId('release-group')).toHaveCount(3);
  await expect(older).toContainText(areaOf(info) === 'native' ? '限时秒杀' : 'Flash sales');
  await expect(page.locator('[data-version="3.0"]').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '85');
});

test('feedback: a member writes one with a screenshot and it reaches the staff inbox', async ({ page, context, baseURL, browser }, info) => {
  test.slow();
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'feedback');
  await skipAccountPrompts(page, account.id);
  await page.goto('/feedback');
  const form = page.getByTestId('feedback-form');
  await expect(form).toBeVisible();
  await page.getByTestId('feedback-kind').selectOption('suggestion');
  // Too short first: the form says so in the page's language without sending anything.
  await page.getByTestId('feedback-content').fill('short');
  await page.getByTestId('feedback-submit').click();
  await expect(form).toContainText(area === 'native' ? '请至少填写 10 个字' : 'Please write at least 10 characters');
  const text = `Please add a wishlist price alert ${Date.now()}`;
  await page.getByTestId('feedback-content').fill(text);
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: SCREENSHOT });
  await expect(form.getByRole('img')).toHaveCount(1);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-sent')).toBeVisible();

  const staff = await browser.newContext();
  try {
    const csrf = await csrfOf(staff, baseURL!);
    const signIn = await staff.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const inbox = (await (await staff.request.get(`${baseURL}/api/admin/feedbacks`, { params: { 'q[area_eq]': area } })).json()) as { feedbacks: { content: string; kind: string; account_id: number; images: string[] }[] };
    const mine = inbox.feedbacks.find((f) => f.content === text);
    expect(mine).toMatchObject({ kind: 'suggestion', account_id: account.id });
    expect(mine!.images).toHaveLength(1);
  } finally {
    await staff.close();
  }
});

test('notices, an article, version progress, feedback and linked accounts meet WCAG 2.1 AA (axe)', async ({ page, context, baseURL }, info) => {
  test.slow(); // axe scans several pages in this one test
  const violations = async () => {
    const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'axe-notices');
  await skipAccountPrompts(page, account.id);
  for (const path of ['/notices', '/notices/1', '/versions', '/feedback', '/setting/linked_accounts']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});
