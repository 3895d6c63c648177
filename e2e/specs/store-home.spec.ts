import { expect, test } from '@playwright/test';
import { apiGet, nameOn, type Content, type Home } from './store-helpers';

test('the store home renders every block the API gives, and nothing for the empty ones', async ({ page, baseURL }, info) => {
  const home = await apiGet<Home>(page.request, baseURL!, '/api/v7/home');
  const packRequests: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/custom/packs')) packRequests.push(new URL(r.url()));
  });

  await page.goto('/home');
  const root = page.getByTestId('home-page');
  await expect(root).toBeVisible();

  // Banners: an accessible carousel with one dot per banner, previous/next and pause.
  expect(home.banners.length).toBeGreaterThan(1);
  const banners = root.getByTestId('banners');
  await expect(banners.getByTestId('carousel-dot')).toHaveCount(home.banners.length);
  const activeSlide = banners.locator('[data-active]');
  await banners.getByTestId('carousel-pause').click(); // hold the rotation still for the checks below
  await banners.getByTestId('carousel-dot').first().click();
  await expect(activeSlide).toContainText(nameOn(info, home.banners[0]!.title));
  await expect(banners.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
  await banners.getByTestId('carousel-next').click();
  await expect(activeSlide).toContainText(nameOn(info, home.banners[1]!.title));
  await expect(banners.getByTestId('carousel-dot').nth(1)).toHaveAttribute('aria-current', 'true');
  await banners.getByTestId('carousel-prev').click();
  await expect(activeSlide).toContainText(nameOn(info, home.banners[0]!.title));

  // Tagged rows, each with its games.
  const tagged = home.tagged.filter((t) => t.skus.length > 0);
  await expect(root.getByTestId('tagged')).toHaveCount(tagged.length);
  for (const [i, row] of tagged.entries()) {
    const el = root.getByTestId('tagged').nth(i);
    await expect(el.getByRole('heading', { level: 2 })).toHaveText(nameOn(info, row.title));
    await expect(el.getByTestId('sku-card')).toHaveCount(row.skus.length);
  }

  // Booths as tabs: each tab shows its own games.
  await expect(root.getByTestId('booth-tab')).toHaveCount(home.booths.length);
  for (const [i, booth] of home.booths.entries()) {
    await root.getByTestId('booth-tab').nth(i).click();
    await expect(root.getByTestId('booth-tab').nth(i)).toHaveAttribute('aria-selected', 'true');
    const panel = root.getByTestId('booth-panel');
    await expect(panel.getByTestId('sku-card')).toHaveCount(booth.skus.length);
    if (booth.skus[0]) await expect(panel.getByTestId('sku-card').first()).toHaveAttribute('data-sku-id', String(booth.skus[0].id));
  }

  // Boxes, cubes (capped per kind: Hot_Group 4, Mall_Index_Headline 3) and ellipses.
  await expect(root.getByTestId('box')).toHaveCount(home.boxes.length);
  const kinds = new Map<string, number>();
  for (const c of home.cubes) kinds.set(c.cube_kind ?? 'other', (kinds.get(c.cube_kind ?? 'other') ?? 0) + 1);
  expect(kinds.size).toBeGreaterThan(0);
  for (const [kind, count] of kinds) {
    const cap = kind === 'Hot_Group' ? 4 : kind === 'Mall_Index_Headline' ? 3 : Infinity;
    await expect(root.getByTestId(`cubes-${kind}`).getByTestId('cube')).toHaveCount(Math.min(count, cap));
  }
  await expect(root.getByTestId('ellipse')).toHaveCount(home.ellipses.length);
  for (const [i, e] of home.ellipses.entries()) await expect(root.getByTestId('ellipse').nth(i)).toContainText(nameOn(info, e.title));

  // The spring board only when there is one.
  await expect(root.getByTestId('springboard')).toHaveCount(home.springboard ? 1 : 0);
  if (home.springboard) await expect(root.getByTestId('springboard')).toContainText(nameOn(info, home.springboard.title));

  // Layout packs: asked for through the queue, merged into requests of at most 30 ids.
  expect(home.pack_ids.length).toBeGreaterThan(0);
  const served = (await apiGet<{ packs: Content[] }>(page.request, baseURL!, `/api/custom/packs?${home.pack_ids.map((id) => `ids[]=${id}`).join('&')}`)).packs;
  await expect(root.getByTestId('pack')).toHaveCount(served.filter((p) => p.skus.length > 0).length);
  await expect(root.getByTestId('pack-loading')).toHaveCount(0);
  expect(packRequests.length).toBe(Math.ceil(home.pack_ids.length / 30));
  const asked = packRequests.flatMap((u) => u.searchParams.getAll('ids[]').map(Number));
  expect(asked.sort((a, b) => a - b)).toEqual([...home.pack_ids].sort((a, b) => a - b));
  for (const u of packRequests) expect(u.searchParams.getAll('ids[]').length).toBeLessThanOrEqual(30);
  for (const p of served) await expect(root.getByTestId('pack').filter({ hasText: nameOn(info, p.title) })).toHaveCount(1);

  // Promotion blocks render only when they have entries (never an empty placeholder); the demo has all three.
  expect(home.seckills.length * home.coupon_areas.length * home.point_redeems.length).toBeGreaterThan(0);
  await expect(root.getByTestId('seckills')).toHaveCount(home.seckills.length ? 1 : 0);
  await expect(root.getByTestId('coupon-areas')).toHaveCount(home.coupon_areas.length ? 1 : 0);
  await expect(root.getByTestId('point-redeems')).toHaveCount(home.point_redeems.length ? 1 : 0);
});

test('/ is the store home, and a banner opens what it advertises', { tag: '@native' }, async ({ page, baseURL }) => {
  const home = await apiGet<Home>(page.request, baseURL!, '/api/v7/home');
  await page.goto('/');
  const banners = page.getByTestId('banners');
  await banners.getByTestId('carousel-pause').click();
  const first = home.banners[0]!;
  await banners.locator('[data-active]').getByTestId('banner').click();
  if (first.skus[0]) await expect(page).toHaveURL(new RegExp(`/sku/${first.skus[0].id}$`));
  await expect(page.getByTestId('sku-page')).toBeVisible();
});

test('a card on the home opens its game', { tag: '@abroad' }, async ({ page, baseURL }, info) => {
  const home = await apiGet<Home>(page.request, baseURL!, '/api/v7/home');
  const sku = home.tagged[0]!.skus[0]!;
  await page.goto('/');
  await page.getByTestId('tagged').first().getByTestId('sku-card').first().getByTestId('sku-name').click();
  await expect(page).toHaveURL(new RegExp(`/sku/${sku.id}$`));
  await expect(page.getByTestId('sku-title')).toHaveText(nameOn(info, sku.sku_names));
});

test('/home?type=subject is the community subjects tab: pinned and featured posts, each opening its post', { tag: '@native' }, async ({ page }) => {
  await page.goto('/home?type=subject');
  const subject = page.getByTestId('subjects-tab').getByTestId('subject').first();
  await expect(subject).toBeVisible();
  await subject.locator('a[href^="/posts/"]').first().click();
  await expect(page).toHaveURL(/\/posts\/\d+$/);
  await expect(page.getByTestId('post-page')).toBeVisible();
});
