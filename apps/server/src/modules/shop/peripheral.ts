import type { PeriHomeResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { findTag, listCategories, listedSkusOfTag, periTags, presentSkuMap, presentSkus, topSkusByTag } from '../catalog/index.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { loadContents, presentContents } from '../storefront/index.ts';

/** How many products each navigation tag's section of the peripheral home shows. */
export const PERI_SECTION_SIZE = 8;

/**
 * GET /api/peri_home (and /api/peripheral): the peripheral shop's banners, its navigation tags in order,
 * its categories, and a section of top products per navigation tag, in a bounded number of queries.
 */
export async function getPeriHome(deps: Deps, viewer: Viewer): Promise<PeriHomeResponse> {
  const [bannerRows, navItems, categories] = await Promise.all([
    loadContents(deps, { area: viewer.area, placement: 'peripheral', kinds: ['banner'] }),
    periTags(deps.db),
    listCategories(deps.db, 'peripheral'),
  ]);
  const [banners, byTag] = await Promise.all([
    presentContents(deps, viewer, bannerRows),
    topSkusByTag(deps.db, viewer, navItems.map((t) => t.id), PERI_SECTION_SIZE),
  ]);
  const summaries = await presentSkuMap(deps.db, [...byTag.values()].flat());
  return {
    banners,
    nav_items: navItems,
    categories,
    sections: navItems.map((tag) => ({ tag, skus: (byTag.get(tag.id) ?? []).map((r) => summaries.get(r.sku.id)!) })).filter((s) => s.skus.length > 0),
  };
}

/** GET /api/peripheral/peri_tags/{id}: one navigation tag's products by rank, paged; 404 for any other tag. */
export async function getPeriTagPage(deps: Deps, viewer: Viewer, tagId: number, page: number, per: number) {
  const tag = await findTag(deps.db, tagId, 'peri');
  if (!tag) throw fail.notFound();
  const { rows, total } = await listedSkusOfTag(deps.db, viewer, tagId, page, per);
  return { tag, skus: await presentSkus(deps.db, rows), meta: { total_count: total, page, per } };
}
