import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts, type Area } from './helpers';

/** The demo admin of the seed (apps/server/src/seed/accounts.ts): issues a points code for the player. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

interface Lottery {
  id: number;
  mode: 'points' | 'order';
  status: string;
  cost_points: number;
  seed_hash: string;
  seed: string | null;
  prizes: { id: number; left_count: number }[];
}

async function csrfOf(context: BrowserContext, baseURL: string): Promise<string> {
  await context.request.get(`${baseURL}/sign_in`);
  return (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
}

/** Points for a fresh player, the way the store hands them out: a points redeem code the admin issues, redeemed. */
async function givePoints(browser: Browser, player: BrowserContext, baseURL: string, area: Area, points: number) {
  const admin = await browser.newContext();
  let code: string;
  try {
    const csrf = await csrfOf(admin, baseURL);
    const signIn = await admin.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const issued = await admin.request.post(`${baseURL}/api/admin/redeem_codes`, { headers: { 'x-csrf-token': csrf }, data: { redeem_codes: { area, goods: { kind: 'points', points } } } });
    expect(issued.ok(), await issued.text()).toBeTruthy();
    code = ((await issued.json()) as { redeem_codes: { code: string }[] }).redeem_codes[0]!.code;
  } finally {
    await admin.close();
  }
  const csrf = await csrfOf(player, baseURL);
  const redeemed = await player.request.post(`${baseURL}/api/redeem`, { headers: { 'x-csrf-token': csrf }, data: { redeem: { code } } });
  expect(redeemed.ok(), await redeemed.text()).toBeTruthy();
}

async function lotteries(page: Page, baseURL: string): Promise<Lottery[]> {
  return ((await (await page.request.get(`${baseURL}/api/lottery_activities`)).json()) as { lottery_activities: Lottery[] }).lottery_activities;
}

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A lottery end to end: the store home links the running lottery; a guest's draw opens the sign-in popup; a
 * player with points draws, sees the prize, finds it in "my draws" and the points it cost in the points history.
 */
test('lottery: draw a prize and see it in my records', async ({ page, context, baseURL, browser }, info) => {
  test.slow();
  const area = areaOf(info);
  const running = (await lotteries(page, baseURL!)).find((l) => l.status === 'current' && l.mode === 'points')!;
  expect(running, 'the seed has a running lottery').toBeTruthy();
  expect(running.seed).toBeNull();

  await page.goto('/home');
  await expect(page.locator(`[data-testid="home-lottery-link"][href="/lottery/${running.id}"]`)).toBeVisible();

  await page.goto(`/lottery/${running.id}`);
  await expect(page.getByTestId('lottery-prize')).toHaveCount(running.prizes.length);
  await expect(page.getByTestId('lottery-seed-hash')).toHaveText(running.seed_hash);
  await page.getByTestId('lottery-draw').click();
  await expect(page.getByTestId('sign-in-popup')).toBeVisible();

  const account = await signUpViaApi(context, baseURL!, area, 'lottery');
  await skipAccountPrompts(page, account.id);
  await givePoints(browser, context, baseURL!, area, 500);
  await page.goto(`/lottery/${running.id}`);
  await expect(page.getByTestId('lottery-user-info')).toBeVisible();
  expect(await violations(page), 'lottery page').toEqual([]);
  await page.getByTestId('lottery-draw').click();
  await expect(page.getByTestId('lottery-result')).toBeVisible();
  await expect(page.getByTestId('lottery-my-records-item')).toHaveCount(1);
  const records = (await (await page.request.get(`${baseURL}/api/promotion/lottery_records`, { params: { lottery_activity_id: running.id } })).json()) as { lottery_records: { lottery_prize: { title: { en: string; chs: string } } }[] };
  expect(records.lottery_records).toHaveLength(1);
  await expect(page.getByTestId('lottery-result')).toContainText(area === 'native' ? records.lottery_records[0]!.lottery_prize.title.chs : records.lottery_records[0]!.lottery_prize.title.en);
  const points = (await (await page.request.get(`${baseURL}/api/point_details`)).json()) as { point_details: { reason: string; real_score: number }[] };
  expect(points.point_details.find((p) => p.reason === 'lottery_draw')?.real_score).toBe(-running.cost_points);

  // The win is told in the notification centre (docs/product/messaging.md#lottery-prize), linking back to the lottery.
  await page.goto('/messages?tab=system');
  const won = page.getByTestId('notification-item').filter({ hasText: area === 'native' ? '你在抽奖中获得了奖品' : 'You won a lottery prize' });
  await expect(won).toHaveCount(1);
  await expect(won).toContainText(area === 'native' ? records.lottery_records[0]!.lottery_prize.title.chs : records.lottery_records[0]!.lottery_prize.title.en);
  for (const [label, width] of [['desktop', 1366], ['phone', 390]] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: info.outputPath(`${area}-lottery-notice-${label}.png`), fullPage: true });
  }
  await won.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/lottery/${running.id}$`));
});

test('an ended lottery shows its seed, whose SHA-256 is the hash it committed', { tag: '@native' }, async ({ page, baseURL }) => {
  const ended = (await lotteries(page, baseURL!)).find((l) => l.status === 'end' && l.seed !== null)!;
  expect(ended, 'the seed has an ended lottery').toBeTruthy();
  await page.goto(`/lottery/${ended.id}`);
  await expect(page.getByTestId('lottery-seed')).toHaveText(ended.seed!);
  await expect(page.getByTestId('lottery-draw')).toBeDisabled();
  const digest = await page.evaluate(async (seed) => {
    const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed)));
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  }, ended.seed!);
  expect(digest).toBe(ended.seed_hash);
});
