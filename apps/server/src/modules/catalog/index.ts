/**
 * The catalogue: SKUs, products and editions, search, the wish list. Other modules read SKUs through the
 * functions exported here, never through the catalogue's tables.
 */
import type { ServerModule } from '../../platform/module.ts';
import { catalogRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const catalogModule: ServerModule = { name: 'catalog', routes: catalogRoutes, tables, features: ['store', 'search', 'wishlist'] };

export { skuRowsJsonSql, skuRowsFromJson } from './sku-rows.ts';
export { loadSkuRows, loadProductSkuRows, loadViewableSkuRows, loadViewableProductSkuRows, type SkuRow } from './sku-rows.ts';
export { keepListed, keepViewable } from './visibility.ts';
export { coverUrls, presentSkus, presentSkuMap, skuCoversOf, toSkuSummary, type SkuExtras } from './presenter.ts';
export { topSkusByTag, listedSkusOfTag } from './lists.ts';
export { findTag, listCategories, periTags, tagsByIds, tagsWithTimestamp } from './taxonomy.ts';
export { listWishes } from './wishes.ts';
export { wishedSkusAfter, type WishCursor, type WishedSku } from './wished-skus.ts';
export { skuMatches, type SkuMatch } from './sku-match.ts';
export { provideSkuGiftPacks, type SkuGiftPacksLoader } from './sku-gift-packs.ts';
export type { LocalizedName, EditionDetail } from './tables.ts';
export { loadEdition } from './edition.ts';
export { skuPagePreview, type SkuPagePreview } from './page-preview.ts';
export { sitemapSkus } from './sitemap-skus.ts';
