import { expect, test, type Page } from '@playwright/test';
import { areaOf } from './helpers';
import { nameOn, searchApi } from './store-helpers';

async function shownPrices(page: Page): Promise<number[]> {
  const results = page.getByTestId('search-results');
  await expect(results).toBeVisible();
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  return (await results.getByTestId('price').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sale-price')))));
}

async function shownIds(page: Page): Promise<number[]> {
  const results = page.getByTestId('search-results');
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  return results.getByTestId('sku-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sku-id'))));
}

test('ordering by price puts the results in order, both ways, and the URL keeps it', { tag: '@abroad' }, async ({ page, baseURL }, info) => {
  await page.goto('/search');
  await expect(page.getByTestId('search-count')).toContainText(/\d/);

  await page.getByTestId('search-order').selectOption('sale_price');
  await page.getByTestId('search-direction').selectOption('asc');
  await expect(page).toHaveURL(/order=sale_price&direction=asc/);
  const api = await searchApi(page.request, baseURL!, 'order=sale_price&direction=asc&page=1&per=10');
  await expect.poll(() => shownIds(page)).toEqual(api.skus.map((s) => s.id));
  const asc = await shownPrices(page);
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  expect(asc).toEqual(api.skus.map((s) => s.sale_price));
  // Real prices on the card, in the site's currency.
  const currency = areaOf(info) === 'native' ? /¥/ : /\$/;
  const firstPaid = api.skus.findIndex((s) => s.sale_price > 0);
  if (firstPaid >= 0) await expect(page.getByTestId('search-results').getByTestId('sale-price').nth(firstPaid)).toHaveText(currency);

  await page.getByTestId('search-direction').selectOption('desc');
  await expect(page).toHaveURL(/order=sale_price&direction=desc/);
  const apiDesc = await searchApi(page.request, baseURL!, 'order=sale_price&direction=desc&page=1&per=10');
  await expect.poll(() => shownIds(page)).toEqual(apiDesc.skus.map((s) => s.id));
  const desc = await shownPrices(page);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  expect(desc[0]).toBeGreaterThanOrEqual(asc[asc.length - 1]!);

  // Ordering by discount shows the biggest discounts first.
  await page.getByTestId('search-order').selectOption('discount');
  await expect(page).toHaveURL(/order=discount&direction=desc/);
  const apiDiscount = await searchApi(page.request, baseURL!, 'order=discount&direction=desc&page=1&per=10');
  await expect.poll(() => shownIds(page)).toEqual(apiDiscount.skus.map((s) => s.id));

  await page.reload();
  await expect(page.getByTestId('search-order')).toHaveValue('discount');
  await expect.poll(() => shownIds(page)).toEqual(apiDiscount.skus.map((s) => s.id));
});

test('the price filter: free shows "free", a range keeps every price inside it', async ({ page, baseURL }, info) => {
  const free = areaOf(info) === 'native' ? '免费' : 'Free';
  await page.goto('/search');
  await expect(page.getByTestId('search-results')).toBeVisible();
  const priceFilter = page.getByTestId('filter-price');
  if (!(await priceFilter.isVisible())) await page.getByTestId('filters-toggle').click();
  await expect(priceFilter.getByTestId('price-band-0')).toBeVisible();
  await expect(priceFilter).toContainText(free);

  await priceFilter.getByTestId('price-band-0').click();
  await expect(page).toHaveURL(/price_max=0/);
  await expect(priceFilter.getByTestId('price-band-0')).toBeChecked();
  // Ranking keeps only list_price > 0 (docs/product/catalogue.md#search-ordering), which would hide free-to-play games: free things come most-wished first.
  await expect(page.getByTestId('search-order')).toHaveValue('wishes_count');
  const apiFree = await searchApi(page.request, baseURL!, 'q[sale_price_lteq]=0&order=wishes_count&direction=desc&page=1&per=10');
  expect(apiFree.meta.total_count).toBeGreaterThan(0);
  await expect(page.getByTestId('search-count')).toContainText(String(apiFree.meta.total_count));
  await expect.poll(() => shownIds(page)).toEqual(apiFree.skus.map((s) => s.id));
  expect(new Set(await shownPrices(page))).toEqual(new Set([0]));
  for (const label of await page.getByTestId('search-results').getByTestId('sale-price').allTextContents()) expect(label).toBe(free);
  await expect(page.getByTestId('active-filters')).toContainText(free);

  // A range typed in major units: 10 to 30 (¥ or $).
  await priceFilter.getByTestId('price-min').fill('10');
  await priceFilter.getByTestId('price-max').fill('30');
  await priceFilter.getByTestId('price-apply').click();
  await expect(page).toHaveURL(/price_min=1000&price_max=3000/);
  const apiRange = await searchApi(page.request, baseURL!, 'q[sale_price_gteq]=1000&q[sale_price_lteq]=3000&order=wishes_count&direction=desc&page=1&per=10');
  expect(apiRange.meta.total_count).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page)).toEqual(apiRange.skus.map((s) => s.id));
  for (const p of await shownPrices(page)) {
    expect(p).toBeGreaterThanOrEqual(1000);
    expect(p).toBeLessThanOrEqual(3000);
  }

  // Combined with an ordering, still inside the range and in order.
  await page.getByTestId('search-order').selectOption('sale_price');
  await page.getByTestId('search-direction').selectOption('asc');
  await expect(page).toHaveURL(/price_min=1000&price_max=3000/);
  await expect(page).toHaveURL(/order=sale_price&direction=asc/);
  const apiBoth = await searchApi(page.request, baseURL!, 'q[sale_price_gteq]=1000&q[sale_price_lteq]=3000&order=sale_price&direction=asc&page=1&per=10');
  await expect.poll(() => shownIds(page)).toEqual(apiBoth.skus.map((s) => s.id));
  const prices = await shownPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test('typing suggests games; the keyboard opens one', async ({ page, baseURL }, info) => {
  const all = await searchApi(page.request, baseURL!, 'order=rank&direction=desc&page=1&per=10');
  const target = all.skus[0]!;
  const name = nameOn(info, target.sku_names);
  const typed = [...name].slice(0, areaOf(info) === 'native' ? 2 : 5).join('');
  await page.goto('/search');
  const input = page.getByTestId('search-keyword');
  await input.fill(typed);
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option').first()).toBeVisible();
  const firstName = (await list.getByRole('option').first().textContent()) ?? '';
  await input.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/sku\/\d+$/);
  await expect(page.getByTestId('sku-title')).toBeVisible();
  expect(firstName).toContain(await page.getByTestId('sku-title').textContent());
});

test('a keyword search pages by 10 with numbered pages in the URL', { tag: '@native' }, async ({ page, baseURL }) => {
  await page.goto('/search');
  await page.getByTestId('search-keyword').fill('');
  await page.getByTestId('search-submit').click();
  const page1 = await searchApi(page.request, baseURL!, 'order=rank&direction=desc&page=1&per=10');
  const page2 = await searchApi(page.request, baseURL!, 'order=rank&direction=desc&page=2&per=10');
  await expect.poll(() => shownIds(page)).toEqual(page1.skus.map((s) => s.id));
  await page.getByTestId('pagination').locator('a', { hasText: /^2$/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => shownIds(page)).toEqual(page2.skus.map((s) => s.id));
  await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText('2');
});

test('nothing found shows an empty state', { tag: '@abroad' }, async ({ page }, info) => {
  await page.goto('/search?keyword=zzzzqqqqxxxx');
  await expect(page.getByText(areaOf(info) === 'native' ? '没有找到相关商品' : 'Nothing matches')).toBeVisible();
});
