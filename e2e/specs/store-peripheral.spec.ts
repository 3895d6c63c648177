import { expect, test } from '@playwright/test';
import { areaOf } from './helpers';
import { apiGet, nameOn, type Sku, type SkuList } from './store-helpers';

interface PeriHome {
  banners: unknown[];
  nav_items: { id: number; name: { chs: string; en: string } }[];
  categories: { id: number; name: { chs: string; en: string } }[];
  sections: { tag: { id: number; name: { chs: string; en: string } }; skus: Sku[] }[];
}

test('browse the peripheral shop from the header to a tag and a product', async ({ page, baseURL }, info) => {
  const shop = await apiGet<PeriHome>(page.request, baseURL!, '/api/peri_home');
  const tag = shop.nav_items[1] ?? shop.nav_items[0]!;
  const tagPage = await apiGet<SkuList & { tag: { id: number } }>(page.request, baseURL!, `/api/peripheral/peri_tags/${tag.id}`);

  await page.goto('/home');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const nav = page.getByRole('navigation', { name: areaOf(info) === 'native' ? '主导航' : 'Main' }).first();
  if (!(await nav.isVisible())) await page.getByRole('button', { name: areaOf(info) === 'native' ? '菜单' : 'Menu' }).click();
  await page.getByRole('link', { name: areaOf(info) === 'native' ? '周边' : 'Peripherals', exact: true }).first().click();
  await expect(page).toHaveURL(/\/peripheral$/);
  await expect(page.getByTestId('peri-banners')).toBeVisible();
  await expect(page.getByTestId('peri-category')).toHaveCount(shop.categories.length);
  await expect(page.getByTestId('peri-section')).toHaveCount(shop.sections.filter((s) => s.skus.length).length);

  await page.getByTestId('peri-nav-tag').filter({ hasText: nameOn(info, tag.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/peripheral/tags/${tag.id}$`));
  await expect(page.getByTestId('peri-tag-title')).toHaveText(nameOn(info, tag.name));
  const cards = page.getByTestId('peri-tag-results').getByTestId('sku-card');
  await expect(cards).toHaveCount(tagPage.skus.length);
  await expect(cards.first()).toHaveAttribute('data-sku-id', String(tagPage.skus[0]!.id));

  const product = tagPage.skus[0]!;
  await cards.first().getByTestId('sku-name').click();
  await expect(page).toHaveURL(new RegExp(`/sku/${product.id}$`));
  await expect(page.getByTestId('sku-title')).toHaveText(nameOn(info, product.sku_names));
  // A peripheral is shipped, not activated with a key.
  await expect(page.getByTestId('facts')).toContainText(areaOf(info) === 'native' ? '快递发货到收货地址' : 'Shipped to your address');
  await expect(page.getByTestId('buy-box').getByTestId('price').last()).toHaveAttribute('data-sale-price', String(product.sale_price));
});

test('a peripheral category and the shop search list physical goods only', { tag: '@abroad' }, async ({ page, baseURL }, info) => {
  const shop = await apiGet<PeriHome>(page.request, baseURL!, '/api/peri_home');
  await page.goto('/peripheral');
  await page.getByTestId('peri-category').first().click();
  await expect(page).toHaveURL(new RegExp(`category=${shop.categories[0]!.id}`));
  await expect(page.getByTestId('search-results').getByTestId('sku-card').first()).toBeVisible();
  for (const p of await page.getByTestId('search-results').getByTestId('platform').allTextContents()) expect(p).toContain(areaOf(info) === 'native' ? '实物' : 'Physical');
});
