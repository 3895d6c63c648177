import { asc, eq } from 'drizzle-orm';
import { effectiveSalePrice } from '@lantern/domain';
import { API, type Edition, type EditionDetail as EditionDetailView } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { editionRegions, editions, type EditionDetail } from './tables.ts';
import type { SkuRecord } from './sku-rows.ts';

function presentDetail(detail: EditionDetail): EditionDetailView {
  return {
    ...detail,
    media: detail.media.map((m) => ({ kind: m.kind, url: API.cover(m.seed, 'horizontal'), caption: m.caption })),
  };
}

/** A SKU without store-page text yet still has a page: its names and nothing invented. */
function fallbackDetail(title: string): EditionDetail {
  return {
    title,
    headline: '',
    activation: '',
    description: '',
    summary: '',
    videos: [],
    media: [],
    system_requirements: { minimum: {}, recommended: {} },
    background: '',
    noumenon_version: '',
    copyright: '',
  };
}

/** The edition of one SKU (docs/product/catalogue.md#products-skus-and-editions): its text per language and its per-region prices and dates. */
export async function loadEdition(db: DbOrTx, sku: SkuRecord): Promise<Edition> {
  const [[row], regions] = await Promise.all([
    db.select().from(editions).where(eq(editions.skuId, sku.id)).limit(1),
    db.select().from(editionRegions).where(eq(editionRegions.skuId, sku.id)).orderBy(asc(editionRegions.region)),
  ]);
  const stored = row?.details ?? {
    chs: fallbackDetail(sku.skuName.chs),
    en: fallbackDetail(sku.skuName.en),
    default: fallbackDetail(sku.area === 'native' ? sku.skuName.chs : sku.skuName.en),
  };
  const details = { chs: presentDetail(stored.chs), en: presentDetail(stored.en), default: presentDetail(stored.default) };
  return {
    sku_id: sku.id,
    edition_details: details,
    edition_profile: { details },
    edition_region: regions.map((r) => ({
      region: r.region,
      list_price: r.listPrice,
      sale_price: effectiveSalePrice({ sale_price: r.salePrice, list_price: r.listPrice }),
      released_at_timestamp: toTimestamp(r.releasedAt),
      sync_at_timestamp: toTimestamp(r.syncAt),
    })),
  };
}
