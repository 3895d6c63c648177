import { expect, test, type BrowserContext } from '@playwright/test';
import { say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts, type Area } from './helpers';

/** The demo admin of the seed (apps/server/src/seed/accounts.ts): finds the site's demo vote through the staff API. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

interface VoteActivity { id: number; sku_id: number; area: Area; closed: boolean; options: { id: number; label: { chs: string; en: string } }[] }

async function csrfOf(context: BrowserContext, baseURL: string): Promise<string> {
  await context.request.get(`${baseURL}/sign_in`);
  return (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
}

/** The demo vote of this site (seeded on its best-ranked game, which also has Steam and Epic reviews). */
async function demoVote(context: BrowserContext, baseURL: string, area: Area): Promise<VoteActivity> {
  const csrf = await csrfOf(context, baseURL);
  const signIn = await context.request.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const res = await context.request.get(`${baseURL}/api/admin/vote_activities`, { params: { per: 100 } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const list = ((await res.json()) as { vote_activities: VoteActivity[] }).vote_activities;
  const vote = list.filter((a) => a.area === area && !a.closed).at(-1);
  expect(vote, `a demo vote on the ${area} site`).toBeDefined();
  return vote!;
}

test('a game page shows Steam reviews, most helpful first, and loads more', { tag: '@native' }, async ({ browser, page, baseURL }, info) => {
  const area = areaOf(info);
  const admin = await browser.newContext();
  const vote = await demoVote(admin, baseURL!, area);
  await admin.close();

  await page.goto(`/sku/${vote.sku_id}`);
  const steam = page.getByTestId('steam-reviews');
  await expect(steam).toBeVisible();
  await expect(steam.getByRole('heading', { name: say(info, 'Steam 评测', 'Steam reviews') })).toBeVisible();
  await expect(page.getByTestId('steam-evaluation')).toContainText(say(info, '为好评', 'reviews are positive'));
  const cards = steam.getByTestId('steam-review');
  await expect(cards).toHaveCount(7);
  const helpful = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-helpful'))));
  expect(helpful).toEqual([...helpful].sort((a, b) => b - a));
  await expect(cards.first()).toContainText(say(info, '评测时游戏时长', 'at review time'));
  await page.getByTestId('steam-reviews-more').click();
  await expect(cards).toHaveCount(14);
  await expect(page.getByTestId('epic-reviews').getByTestId('epic-review')).toHaveCount(7);
});

test('a guest asked to vote signs in first; an account votes once and sees the result', async ({ browser, page, context, baseURL }, info) => {
  const area = areaOf(info);
  const admin = await browser.newContext();
  const vote = await demoVote(admin, baseURL!, area);
  await admin.close();

  const guest = await browser.newPage({ locale: area === 'native' ? 'zh-CN' : 'en' });
  await guest.goto(`${baseURL}/sku/${vote.sku_id}`);
  await guest.getByTestId('vote-option').first().click();
  await expect(guest.getByRole('dialog')).toBeVisible();
  await guest.close();

  const account = await signUpViaApi(context, baseURL!, area, 'vote');
  await skipAccountPrompts(page, account.id);
  await page.goto(`/sku/${vote.sku_id}`);
  const box = page.getByTestId('game-vote');
  await expect(box).toBeVisible();
  const before = Number((await box.getByTestId('vote-total').innerText()).match(/\d+/)![0]);
  const option = box.getByTestId('vote-option').nth(1);
  await expect(box.getByTestId('vote-percent')).toHaveCount(0);
  await option.click();
  await expect(option).toHaveAttribute('data-mine', 'true');
  await expect(box.getByTestId('vote-percent')).toHaveCount(vote.options.length);
  await expect(box.getByTestId('vote-total')).toContainText(String(before + 1));
  const percents = await box.getByTestId('vote-percent').allInnerTexts();
  expect(percents.reduce((sum, p) => sum + Number(p.replace('%', '')), 0)).toBe(100);

  await page.reload();
  await expect(page.getByTestId('game-vote').getByTestId('vote-option').nth(1)).toHaveAttribute('data-mine', 'true');
  await expect(page.getByTestId('game-vote').getByTestId('vote-option').first()).toBeDisabled();

  // A second vote by the same account is refused with the server's words.
  const csrf = (await context.cookies(baseURL!)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const again = await context.request.post(`${baseURL}/support/vote/activity/client/vote`, { headers: { 'x-csrf-token': csrf }, data: { activityId: vote.id, optionId: vote.options[0]!.id } });
  expect(again.status()).toBe(400);
  expect(await again.json()).toMatchObject({ reason: 'taken', errorMsg: say(info, '您已经投过票了', 'You have already voted') });
});
