import { expect, test } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/**
 * Private messages on both sites (docs/product/messaging.md#private-messages): A starts a conversation from B's
 * personal page, writes and shares a game (a card with its live price); B, in another browser, sees the
 * conversation unread and the header's count, opens it (the count drops), and deletes it for themself only.
 * B's page is reloaded to see the message: the live stream is merged separately.
 */
test('A writes to B and shares a game; B sees it with the header count, reads it, deletes the conversation', async ({ page, context, browser, baseURL }, info) => {
  const area = areaOf(info);
  const words = `Hello ${Date.now().toString(36)} 你好`;
  const other = await browser.newContext({ baseURL, locale: area === 'native' ? 'zh-CN' : 'en-US' });
  const b = await signUpViaApi(other, baseURL!, area, 'pm-b');
  const a = await signUpViaApi(context, baseURL!, area, 'pm-a');
  await skipAccountPrompts(page, a.id);

  // A starts from B's personal page.
  await page.goto(`/users/${b.id}`);
  await page.getByTestId('send-message-button').click();
  await expect(page).toHaveURL(new RegExp(`/messages/new\\?target_id=${b.id}$`));
  await page.getByTestId('message-text').fill(words);
  await page.getByTestId('message-send').click();
  await expect(page).toHaveURL(/\/messages\/conversations\/\d+$/);
  await expect(page.getByTestId('message').filter({ hasText: words })).toHaveAttribute('data-own', 'true');

  // Share a game picked from the suggestions: a card with its price.
  const search = await (await context.request.get(`${baseURL}/api/search/skus?per=1`)).json() as { skus: { sku_ename: string }[] };
  const gameName = search.skus[0]!.sku_ename;
  await page.getByTestId('share-game-toggle').click();
  await page.getByTestId('share-game-input').fill(gameName.slice(0, 12));
  await page.getByTestId('share-game-option').first().click();
  const card = page.getByTestId('message-game').last();
  await expect(card.getByTestId('price')).toBeVisible();
  await page.screenshot({ path: info.outputPath(`conversation-${area}.png`), fullPage: true });

  // B sees the conversation unread, and the header's count.
  const bPage = await other.newPage();
  await skipAccountPrompts(bPage, b.id);
  await bPage.goto('/messages/conversations');
  const row = bPage.getByTestId('conversation-row').filter({ hasText: a.nickname });
  await expect(row).toHaveAttribute('data-unread', '2');
  await expect(bPage.getByTestId('header-messages')).toHaveAttribute('data-count', '2');
  await bPage.screenshot({ path: info.outputPath(`conversations-${area}.png`), fullPage: true });

  // Opening it marks it read: the count drops.
  await row.click();
  await expect(bPage.getByTestId('message').filter({ hasText: words })).toHaveAttribute('data-own', 'false');
  await expect(bPage.getByTestId('message-game')).toHaveCount(1);
  await expect(bPage.getByTestId('header-messages')).toHaveAttribute('data-count', '0');

  // Delete, after the confirmation: gone from B's list, still in A's.
  await bPage.getByTestId('conversation-delete').click();
  await bPage.screenshot({ path: info.outputPath(`conversation-delete-${area}.png`) });
  await bPage.getByTestId('conversation-delete-confirm').click();
  await expect(bPage).toHaveURL(/\/messages\/conversations$/);
  await expect(bPage.getByTestId('conversation-row')).toHaveCount(0);
  await page.goto('/messages/conversations');
  await expect(page.getByTestId('conversation-row').filter({ hasText: b.nickname })).toBeVisible();
  await other.close();
});

test('a first message without a target says the target is closed', { tag: '@abroad' }, async ({ page, context, baseURL }, info) => {
  const a = await signUpViaApi(context, baseURL!, areaOf(info), 'pm-none');
  await skipAccountPrompts(page, a.id);
  await page.goto('/messages/new');
  await expect(page.getByTestId('new-conversation-page')).toContainText(/This account cannot receive messages|该账号无法接收私信/);
});
