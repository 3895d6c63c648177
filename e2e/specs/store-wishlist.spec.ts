import { expect, test } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';
import { apiGet, nameOn, searchApi, type SkuDetail } from './store-helpers';

test('a guest wishing for a game is asked to sign in', { tag: '@native' }, async ({ page, baseURL }) => {
  const list = await searchApi(page.request, baseURL!, 'order=rank&direction=desc&page=1&per=10');
  await page.goto(`/sku/${list.skus[0]!.id}`);
  await page.getByTestId('wish-button').click();
  await expect(page.getByTestId('sign-in-popup')).toBeVisible();
});

test('signed in: wish for a game, see it on the wishlist, remove it', async ({ page, context, baseURL }, info) => {
  const account = await signUpViaApi(context, baseURL!, areaOf(info), 'wish');
  await skipAccountPrompts(page, account.id);
  const list = await searchApi(page.request, baseURL!, 'order=wishes_count&direction=desc&page=1&per=10');
  const sku = await apiGet<SkuDetail>(page.request, baseURL!, `/api/skus/${list.skus[2]!.id}`);
  const name = nameOn(info, sku.sku_names);

  await page.goto(`/sku/${sku.id}`);
  const wish = page.getByTestId('wish-button');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(wish).toHaveAttribute('aria-pressed', 'false');
  const before = Number(await page.getByTestId('wish-count').getAttribute('data-count'));
  await wish.click();
  await expect(wish).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wish-count')).toHaveAttribute('data-count', String(before + 1));
  await page.reload();
  await expect(page.getByTestId('wish-button')).toHaveAttribute('aria-pressed', 'true');

  // The wishlist, from the account menu.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-wishes').click();
  await expect(page).toHaveURL(/\/user_center\/wishes$/);
  const wishes = page.getByTestId('wishes-list');
  await expect(wishes.getByTestId('sku-card')).toHaveCount(1);
  await expect(wishes.getByTestId('sku-name')).toHaveText(name);
  await expect(wishes.getByTestId('price')).toHaveAttribute('data-sale-price', String(sku.sale_price));

  await wishes.getByTestId('wish-remove').click();
  await expect(page.getByTestId('wishes-list')).toHaveCount(0);
  await expect(page.getByText(areaOf(info) === 'native' ? '心愿单还是空的' : 'Your wishlist is empty')).toBeVisible();

  await page.goto(`/sku/${sku.id}`);
  await expect(page.getByTestId('wish-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('wish-count')).toHaveAttribute('data-count', String(before));
});
