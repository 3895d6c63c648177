import { expect, test } from '@playwright/test';
import { say } from './buying-helpers';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { apiGet, searchApi, type SkuDetail } from './store-helpers';

/** A DLC on sale on this site whose base game is on sale too: the seed gives DLC to some of the best-ranked games. */
async function dlcOnSale(request: Parameters<typeof searchApi>[0], baseURL: string): Promise<SkuDetail> {
  const list = await searchApi(request, baseURL, 'order=rank&direction=desc&page=1&per=30');
  for (const game of list.skus.filter((s) => s.kind === 'game' && s.status === 'sale')) {
    const detail = await apiGet<SkuDetail>(request, baseURL, `/api/skus/${game.id}`);
    const dlc = detail.dlcs.find((d) => d.status === 'sale' && d.sale_price > 0);
    if (dlc) return apiGet<SkuDetail>(request, baseURL, `/api/skus/${dlc.id}`);
  }
  throw new Error('the seed has a DLC on sale among the best-ranked games');
}

test('a DLC without its base game is refused at "add to cart", with the reason and the way to the base game', { tag: '@native' }, async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'dlc');
  await skipAccountPrompts(page, account.id);
  const dlc = await dlcOnSale(page.request, baseURL!);

  await page.goto(`/sku/${dlc.id}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.getByTestId('add-to-cart').click();
  const refusal = page.getByTestId('cart-needs-base');
  await expect(refusal).toContainText(say(info, '需要本体游戏', 'needs its base game'));
  // Nothing was added: the header still counts an empty cart.
  await expect(page.getByTestId('header-cart')).toHaveAttribute('data-count', '0');

  // The message leads to the base game, where the buyer can add both.
  await refusal.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/sku/${dlc.base_sku!.id}$`));
});
