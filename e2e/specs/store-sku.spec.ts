import { expect, test } from '@playwright/test';
import { areaOf } from './helpers';
import { apiGet, nameOn, searchApi, type SkuDetail } from './store-helpers';

/** A game of this site with at least two editions whose prices differ. */
async function gameWithEditions(request: Parameters<typeof apiGet>[0], baseURL: string): Promise<SkuDetail> {
  const list = await searchApi(request, baseURL, 'order=rank&direction=desc&page=1&per=100');
  for (const s of list.skus.filter((x) => x.edition.en)) {
    const detail = await apiGet<SkuDetail>(request, baseURL, `/api/skus/${s.id}`);
    if (detail.editions.length > 1 && new Set(detail.editions.map((e) => e.sale_price)).size > 1) return detail;
  }
  throw new Error('the seed has no game with editions');
}

test('a game page shows its price and switches edition: URL and price change', async ({ page, baseURL }, info) => {
  const game = await gameWithEditions(page.request, baseURL!);
  const other = game.editions.find((e) => e.id !== game.id && e.sale_price !== game.sale_price)!;
  await page.goto(`/sku/${game.id}`);
  await expect(page.getByTestId('sku-title')).toHaveText(nameOn(info, game.sku_names));
  const buy = page.getByTestId('buy-box');
  await expect(buy.getByTestId('price').last()).toHaveAttribute('data-sale-price', String(game.sale_price));
  const editions = page.getByTestId('edition');
  await expect(editions).toHaveCount(game.editions.length);
  await expect(page.locator(`[data-testid="edition"][data-sku-id="${game.id}"]`)).toHaveAttribute('aria-current', 'page');

  await page.locator(`[data-testid="edition"][data-sku-id="${other.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/sku/${other.id}$`));
  await expect(page.getByTestId('sku-page')).toHaveAttribute('data-sku-id', String(other.id));
  await expect(buy.getByTestId('price').last()).toHaveAttribute('data-sale-price', String(other.sale_price));
  await expect(page.locator(`[data-testid="edition"][data-sku-id="${other.id}"]`)).toHaveAttribute('aria-current', 'page');
  const currency = areaOf(info) === 'native' ? '¥' : '$';
  await expect(buy.getByTestId('sale-price').last()).toContainText(currency);
  if (other.sale_price < other.list_price) await expect(buy.getByTestId('list-price').last()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/sku/${game.id}$`));
  await expect(buy.getByTestId('price').last()).toHaveAttribute('data-sale-price', String(game.sale_price));
});

test('a DLC says it needs the base game, and the base game lists it as such', { tag: '@abroad' }, async ({ page, baseURL }, info) => {
  const dlcs = await searchApi(page.request, baseURL!, 'q[kind_in][]=dlc&page=1&per=10');
  const dlc = await apiGet<SkuDetail>(page.request, baseURL!, `/api/skus/${dlcs.skus[0]!.id}`);
  expect(dlc.base_sku).not.toBeNull();
  await page.goto(`/sku/${dlc.id}`);
  const base = page.getByTestId('base-game');
  await expect(base).toContainText(nameOn(info, dlc.base_sku!.sku_names));
  await base.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/sku/${dlc.base_sku!.id}$`));
  const list = page.getByTestId('dlcs');
  await expect(list.locator(`[data-sku-id="${dlc.id}"]`)).toContainText(areaOf(info) === 'native' ? '需要本体' : 'Requires');
});

test('the media gallery opens full screen and steps with the keyboard', { tag: '@native' }, async ({ page, baseURL }) => {
  const game = await gameWithEditions(page.request, baseURL!);
  await page.goto(`/sku/${game.id}`);
  await page.getByTestId('gallery-main').click();
  const box = page.getByTestId('lightbox');
  await expect(box).toBeVisible();
  const first = await box.locator('img').getAttribute('src');
  await page.keyboard.press('ArrowRight');
  await expect(box.locator('img')).not.toHaveAttribute('src', first!);
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(page.getByTestId('gallery-main')).toBeFocused();
});

test('an unknown SKU goes to /404', { tag: '@abroad' }, async ({ page }) => {
  await page.goto('/sku/987654321');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('page-404')).toBeVisible();
});

test('a pre-order shows when it comes out', async ({ page, baseURL }) => {
  const list = await searchApi(page.request, baseURL!, 'order=released_at&direction=desc&page=1&per=10');
  const pre = list.skus.find((s) => s.status === 'pre_sale');
  test.skip(!pre, 'the seed has no pre-order on this site');
  await page.goto(`/sku/${pre!.id}`);
  const note = page.getByTestId('pre-sale');
  await expect(note).toBeVisible();
  await expect(note).toContainText(/\d{4}/);
  await expect(note).toContainText((await page.getByTestId('release-date').textContent())!);
});
