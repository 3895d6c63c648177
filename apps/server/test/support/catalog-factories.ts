import { randomBytes } from 'node:crypto';
import type { Area } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import {
  bundleItems, categories, editionRegions, editions, productRelations, products, skuTags, skus, tags,
  type EditionDetail, type LocalizedName,
} from '../../src/modules/catalog/tables.ts';
import { customLayouts, layoutContents, layoutRelations } from '../../src/modules/storefront/tables.ts';
import { priceColumns, searchTextOf } from '../../src/modules/catalog/columns.ts';

/**
 * Small catalogue fixtures written straight to the database, so each test states exactly the data its
 * rule needs (the demo seed is only used by its own smoke test).
 */

let sequence = 0;
const next = () => ++sequence;
const DAY = 86_400_000;

export function names(en: string, chs = `${en}（中文）`): LocalizedName {
  return { chs, en };
}

export async function makeTag(t: TestApp, overrides: Partial<typeof tags.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.deps.db
    .insert(tags)
    .values({ kind: 'genre', name: names(`Tag ${n}`, `标签${n}`), slug: `tag-${n}`, position: n, updatedAt: t.clock.now(), ...overrides })
    .returning();
  return row!;
}

export async function makeCategory(t: TestApp, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.deps.db
    .insert(categories)
    .values({ shop: 'game', name: names(`Category ${n}`, `分类${n}`), slug: `category-${n}`, position: n, ...overrides })
    .returning();
  return row!;
}

export async function makeProduct(t: TestApp, overrides: Partial<typeof products.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.deps.db
    .insert(products)
    .values({ cate: 'game', kind: 'game', name: names(`Product ${n}`), developer: 'Quiet Pine', publisher: 'Lantern Works', ...overrides })
    .returning();
  return row!;
}

export interface SkuOptions {
  productId?: number;
  product?: Partial<typeof products.$inferInsert>;
  area?: Area;
  region?: string | null;
  status?: 'sale' | 'pre_sale' | 'off' | 'unpublished';
  name?: LocalizedName;
  ename?: string;
  edition?: LocalizedName;
  editionPosition?: number;
  listPrice?: number;
  salePrice?: number | null;
  rank?: number;
  score?: number;
  wishesCount?: number;
  releasedAt?: Date | null;
  keyType?: 'steam' | 'uplay' | 'epic' | 'origin' | 'gog' | 'other' | null;
  categoryId?: number | null;
  tagIds?: number[];
  coverSeed?: string;
}

/** A SKU (and its product unless `productId` is given) with sensible defaults and the given overrides. */
export async function makeSku(t: TestApp, options: SkuOptions = {}) {
  const n = next();
  const name = options.name ?? names(`Game ${n}`, `游戏${n}`);
  const productId = options.productId ?? (await makeProduct(t, { name, ...options.product })).id;
  const ename = options.ename ?? name.en;
  const [row] = await t.deps.db
    .insert(skus)
    .values({
      productId,
      area: options.area ?? 'native',
      region: options.region ?? null,
      status: options.status ?? 'sale',
      edition: options.edition ?? names('', ''),
      editionPosition: options.editionPosition ?? 0,
      skuName: name,
      skuEname: ename,
      ...priceColumns(options.listPrice ?? 9800, options.salePrice ?? null),
      keyType: options.keyType === undefined ? 'steam' : options.keyType,
      coverSeed: options.coverSeed ?? `test-${n}~${name.en}`,
      releasedAt: options.releasedAt === undefined ? new Date(t.clock.now().getTime() - n * DAY) : options.releasedAt,
      score: options.score ?? 70,
      wishesCount: options.wishesCount ?? 0,
      rank: options.rank ?? 0,
      categoryId: options.categoryId ?? null,
      searchText: searchTextOf(name, ename),
    })
    .returning();
  if (options.tagIds?.length) await t.deps.db.insert(skuTags).values(options.tagIds.map((tagId) => ({ skuId: row!.id, tagId })));
  return row!;
}

export function editionDetail(title: string, overrides: Partial<EditionDetail> = {}): EditionDetail {
  return {
    title,
    headline: `${title}: the headline`,
    activation: 'Open the launcher and redeem the key.',
    description: `${title} is a game.`,
    summary: `${title} in a line.`,
    videos: [],
    media: [{ kind: 'image', seed: `shot-${title}`, caption: 'A screenshot' }],
    system_requirements: { minimum: { os: 'Windows 10' }, recommended: { os: 'Windows 11' } },
    background: '',
    noumenon_version: '1.0.0',
    copyright: '© Lantern test',
    ...overrides,
  };
}

export async function makeEdition(t: TestApp, skuId: number, regions: Array<{ region: string; listPrice: number; salePrice?: number | null }> = []) {
  await t.deps.db.insert(editions).values({
    skuId,
    details: { chs: editionDetail('中文标题'), en: editionDetail('English title'), default: editionDetail('English title') },
  });
  if (regions.length > 0) {
    await t.deps.db.insert(editionRegions).values(regions.map((r) => ({ skuId, region: r.region, listPrice: r.listPrice, salePrice: r.salePrice ?? null, syncAt: t.clock.now() })));
  }
}

export async function makeBundle(t: TestApp, itemIds: number[], options: SkuOptions = {}) {
  const bundle = await makeSku(t, { ...options, product: { kind: 'bundle', ...options.product } });
  await t.deps.db.insert(bundleItems).values(itemIds.map((skuId, position) => ({ bundleSkuId: bundle.id, skuId, position })));
  return bundle;
}

export async function relateProducts(t: TestApp, productId: number, relatedProductId: number, kind: 'related' | 'developer' = 'related', position = 0) {
  await t.deps.db.insert(productRelations).values({ productId, relatedProductId, kind, position });
}

export interface ContentOptions extends Partial<typeof layoutContents.$inferInsert> {
  relations?: Array<{ targetType: 'sku' | 'tag' | 'product'; targetId: number; customWeight?: number }>;
}

/** A layout content item, live from a day ago with no end unless told otherwise. */
export async function makeContent(t: TestApp, options: ContentOptions = {}) {
  const n = next();
  const { relations, ...values } = options;
  const [row] = await t.deps.db
    .insert(layoutContents)
    .values({
      area: 'native',
      kind: 'banner',
      title: names(`Content ${n}`, `内容${n}`),
      startedAt: new Date(t.clock.now().getTime() - DAY),
      position: n,
      ...values,
    })
    .returning();
  if (relations?.length) {
    await t.deps.db.insert(layoutRelations).values(relations.map((r) => ({ contentId: row!.id, targetType: r.targetType, targetId: r.targetId, customWeight: r.customWeight ?? 0 })));
  }
  return row!;
}

export async function makeLayout(t: TestApp, overrides: Partial<typeof customLayouts.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.deps.db
    .insert(customLayouts)
    .values({ area: 'native', slug: `layout-${n}`, title: names(`Layout ${n}`, `专题${n}`), ...overrides })
    .returning();
  return row!;
}

/** An account signed in on one site, made directly (no sign-up round trips): its id and a bearer token. */
export async function makeAccount(t: TestApp, options: { area?: Area; region?: string; role?: 'user' | 'editor' | 'group_admin' | 'staff' | 'admin' } = {}) {
  const area = options.area ?? 'native';
  const [row] = await t.deps.db
    .insert(accounts)
    .values({
      nickname: `buyer_${randomBytes(5).toString('hex')}`,
      email: `buyer.${randomBytes(6).toString('hex')}@example.com`,
      homeArea: area,
      region: options.region ?? (area === 'native' ? 'cn' : 'global'),
      role: options.role ?? 'user',
    })
    .returning();
  const session = await startSession(t.deps, t.deps.db, row!.id, area);
  return { id: row!.id, token: session.accessToken };
}

export const days = (n: number) => n * DAY;
