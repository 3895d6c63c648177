import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './axe';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/**
 * Red packets (docs/product/deals.md#red-packets-on-the-web): one account takes its packet from the running
 * event linked on the store home and shares the link; another account opens a part, sees the opening and
 * finds it in its wallet's ledger; the sharer sees who opened it. A visitor who tries is asked to sign in.
 */

async function violations(page: Page) {
  const r = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  for (const [label, width] of [['desktop', 1366], ['phone', 390]] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('take and share a red packet, open it as another account, see the part in the wallet ledger', async ({ page, context, browser, baseURL }, info) => {
  test.slow();
  const area = areaOf(info);
  const sharer = await signUpViaApi(context, baseURL!, area, 'rp-sharer');
  await skipAccountPrompts(page, sharer.id);

  // The store home links the running event; taking reloads the event with the packet and its share link.
  await page.goto('/');
  await page.getByTestId('home-red-packet-link').first().click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  await expect(page.getByTestId('red-packet-event')).toHaveAttribute('data-status', 'current');
  await page.getByTestId('red-packet-take').click();
  await expect(page.getByTestId('my-red-packet')).toBeVisible();
  const link = await page.getByTestId('red-packet-link').inputValue();
  expect(link).toMatch(/\/events\/\d+\/red_packets\/\d+\/shares\/[A-Za-z0-9_-]+$/);
  expect(await violations(page)).toEqual([]);
  await shoot(page, `${area}-event-sharer`);

  // Another account opens a part: the seal turns, the part shows, the share detail reloads with it.
  const other = await browser.newContext({ baseURL });
  const recipientPage = await other.newPage();
  const recipient = await signUpViaApi(other, baseURL!, area, 'rp-recipient');
  await skipAccountPrompts(recipientPage, recipient.id);
  await recipientPage.goto(new URL(link).pathname);
  await expect(recipientPage.getByTestId('red-packet-share')).toHaveAttribute('data-role', 'recipient');
  expect(await violations(recipientPage)).toEqual([]);
  await shoot(recipientPage, `${area}-share-recipient`);
  await recipientPage.getByTestId('red-packet-open').click();
  const part = recipientPage.getByTestId('red-packet-my-part');
  await expect(part).toBeVisible();
  const amount = Number(await part.getAttribute('data-amount'));
  expect(amount).toBeGreaterThanOrEqual(1);
  await expect(recipientPage.getByTestId('red-packet-opening')).toHaveCount(1);
  await shoot(recipientPage, `${area}-share-opened`);

  // The sharer, still on the event page, sees the opening arrive in the event's latest openings by the live
  // notice, without reloading (docs/product/deals.md#red-packet-event-openings).
  const latest = page.getByTestId('red-packet-event-opening').filter({ hasText: recipient.nickname });
  await expect(latest).toHaveCount(1);
  await expect(latest.locator(`[data-amount="${amount}"]`)).toBeVisible();
  await shoot(page, `${area}-event-latest-openings`);

  // The wallet's ledger has the part.
  await recipientPage.getByTestId('red-packet-wallet').click();
  const entry = recipientPage.locator('[data-testid=wallet-entry][data-reason=red_packet]');
  await expect(entry).toHaveCount(1);
  await expect(entry.locator(`[data-amount="${amount}"]`).first()).toBeVisible();
  await shoot(recipientPage, `${area}-wallet`);

  // The opener is told of the part in the notification centre (docs/product/messaging.md#red-packet-opened).
  await recipientPage.goto('/messages?tab=system');
  await expect(recipientPage.getByTestId('notification-item').filter({ hasText: area === 'native' ? '你领取了一个红包' : 'You opened a red packet' })).toHaveCount(1);
  await other.close();

  // The sharer sees who opened what.
  await page.reload();
  await expect(page.getByTestId('red-packet-opening')).toHaveCount(1);
  await expect(page.getByTestId('red-packet-summary')).toHaveAttribute('data-opened', '1');

  // …and is told who opened the packet, once per packet while unread.
  await page.goto('/messages?tab=system');
  const told = page.getByTestId('notification-item').filter({ hasText: area === 'native' ? `${recipient.nickname} 领取了你分享的红包` : `${recipient.nickname} opened your red packet` });
  await expect(told).toHaveCount(1);
  await shoot(page, `${area}-sharer-notice`);

  // A visitor opening is asked to sign in.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(new URL(link).pathname);
  await expect(visitorPage.getByTestId('red-packet-share')).toHaveAttribute('data-role', 'visitor');
  await visitorPage.getByTestId('red-packet-open').click();
  await expect(visitorPage.getByTestId('sign-in-popup')).toBeVisible();
  await visitor.close();
});
