import { and, eq } from 'drizzle-orm';
import { API } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { findSkuForPage } from './lookup.ts';
import { editions, skus } from './tables.ts';
import { viewableSql } from './visibility.ts';

/** What a SKU page's title, description and link preview carry, and the SKU it shows (its canonical address). */
export interface SkuPagePreview {
  skuId: number;
  title: string;
  description: string;
  image: string;
}

/**
 * A SKU page as its site shows it to a viewer (the same SKU GET /api/skus/{id} answers): its name and summary in
 * the site's language, its cover; `other_region` for a SKU of this site that only another region's members see
 * (and no SKU of its product is in the viewer's), null when there is no such SKU on this site.
 */
export async function skuPagePreview(deps: Deps, viewer: Viewer, id: number): Promise<SkuPagePreview | 'other_region' | null> {
  const found = await findSkuForPage(deps, viewer, id).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (!found) {
    const [onSite] = await deps.db.select({ id: skus.id }).from(skus).where(and(eq(skus.id, id), viewableSql(viewer.area))).limit(1);
    return onSite ? 'other_region' : null;
  }
  const { sku } = found;
  const [row] = await deps.db.select({ details: editions.details }).from(editions).where(eq(editions.skuId, sku.id)).limit(1);
  const detail = row?.details[viewer.area === 'native' ? 'chs' : 'en'];
  const name = (viewer.area === 'native' ? sku.skuName.chs : sku.skuName.en) || sku.skuEname;
  return { skuId: sku.id, title: detail?.title || name, description: detail?.summary || detail?.headline || name, image: API.cover(sku.coverSeed, 'horizontal') };
}
