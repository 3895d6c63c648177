import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { isLayoutContentLive, type Area } from '@lantern/domain';
import { API, type LayoutContent, type SkuCardData, type TagRef } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { type SkuExtras, type SkuRow, keepListed, loadViewableProductSkuRows, loadViewableSkuRows, tagsByIds, toSkuSummary, topSkusByTag } from '../catalog/index.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { layoutContents, layoutRelations } from './tables.ts';

export type ContentRecord = typeof layoutContents.$inferSelect;
export type ContentKind = ContentRecord['kind'];
type RelationRecord = typeof layoutRelations.$inferSelect;

/** How many SKUs a content item showing a tag (a tagged row) lists. */
export const TAG_ROW_SIZE = 12;
/** Kinds that show their tags' top SKUs when they name no SKU; others (an ellipse) just link to the tag. */
const TAG_ROW_KINDS: ContentKind[] = ['tagged', 'pack', 'booth', 'box'];

export interface ContentFilter {
  area: Area;
  placement?: ContentRecord['placement'];
  kinds?: ContentKind[];
  ids?: number[];
  layoutIds?: number[];
  /** Staff preview: drafts and content not started yet show too; expired content never does. */
  preview?: boolean;
}

/**
 * Layout content live on a site (docs/product/catalogue.md#layout-content): on its area, published, and between its
 * start and end (`isLayoutContentLive`), by position. Expired rows are dropped in SQL already, so years of
 * past banners cost nothing.
 */
export async function loadContents(deps: Deps, filter: ContentFilter): Promise<ContentRecord[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(layoutContents)
    .where(
      and(
        eq(layoutContents.area, filter.area),
        filter.placement === undefined ? undefined : eq(layoutContents.placement, filter.placement),
        filter.kinds === undefined ? undefined : inArray(layoutContents.kind, filter.kinds),
        filter.ids === undefined ? undefined : inArray(layoutContents.id, filter.ids.length > 0 ? filter.ids : [0]),
        filter.layoutIds === undefined ? undefined : inArray(layoutContents.layoutId, filter.layoutIds.length > 0 ? filter.layoutIds : [0]),
        filter.preview ? undefined : eq(layoutContents.status, 'published'),
        or(isNull(layoutContents.endedAt), gt(layoutContents.endedAt, now)),
      ),
    )
    .orderBy(asc(layoutContents.position), asc(layoutContents.id));
  const nowSec = toTimestamp(now);
  return rows.filter((r) => isLayoutContentLive(filter.preview ? null : toTimestamp(r.startedAt), toTimestamp(r.endedAt), nowSec));
}

/** Cards need neither tags nor categories: no queries for them. */
const NO_EXTRAS: SkuExtras = { tagsBySku: new Map(), categoriesById: new Map() };

/** A SKU as a block's card shows it (contract `skuCard`), from the same presenter as every other SKU answer. */
export function toSkuCard(row: SkuRow): SkuCardData {
  const s = toSkuSummary(row, NO_EXTRAS);
  return {
    id: s.id,
    status: s.status,
    cate: s.cate,
    kind: s.kind,
    sku_names: s.sku_names,
    edition: s.edition,
    sku_covers: s.sku_covers,
    currency: s.currency,
    list_price: s.list_price,
    sale_price: s.sale_price,
    discount: s.discount,
    key_type: s.key_type,
    released_at_timestamp: s.released_at_timestamp,
  };
}

const BANNER_SHAPED: ContentKind[] = ['banner', 'springboard'];

function imageOf(content: ContentRecord): string | null {
  if (!content.imageSeed) return null;
  return API.cover(content.imageSeed, BANNER_SHAPED.includes(content.kind) ? 'banner' : 'horizontal');
}

/**
 * Content items with what they show, in a bounded number of queries whatever their number: their
 * relations (by custom weight, highest first), the SKUs and products they name (as cards), the tags and
 * each tag's top SKUs. Every SKU passes the viewer's site, status and region rules; relations to nothing
 * shown are left out.
 */
export async function presentContents(deps: Deps, viewer: Viewer, contents: readonly ContentRecord[]): Promise<LayoutContent[]> {
  if (contents.length === 0) return [];
  const relations = await deps.db
    .select()
    .from(layoutRelations)
    .where(inArray(layoutRelations.contentId, contents.map((c) => c.id)))
    .orderBy(asc(layoutRelations.contentId), asc(layoutRelations.id));
  const byContent = new Map<number, RelationRecord[]>();
  for (const r of relations) byContent.set(r.contentId, [...(byContent.get(r.contentId) ?? []), r]);
  for (const list of byContent.values()) list.sort((a, b) => b.customWeight - a.customWeight || a.id - b.id);

  const idsOf = (type: RelationRecord['targetType']) => relations.filter((r) => r.targetType === type).map((r) => r.targetId);
  // Rows that name tags and no SKU or product show each tag's top SKUs (a tagged row, a themed pack).
  const tagOnly = contents.filter((c) => TAG_ROW_KINDS.includes(c.kind) && (byContent.get(c.id) ?? []).every((r) => r.targetType === 'tag'));
  const tagRowTags = tagOnly.flatMap((c) => (byContent.get(c.id) ?? []).map((r) => r.targetId));
  const [skuRows, productRows, tagRefs, tagRows] = await Promise.all([
    loadViewableSkuRows(deps.db, idsOf('sku'), viewer.area),
    loadViewableProductSkuRows(deps.db, idsOf('product'), viewer.area),
    tagsByIds(deps.db, idsOf('tag')),
    topSkusByTag(deps.db, viewer, tagRowTags, TAG_ROW_SIZE),
  ]);
  const listedSkus = keepListed(skuRows, viewer.area, viewer.region);
  const listedProducts = keepListed(productRows, viewer.area, viewer.region);
  const firstOfProduct = new Map<number, SkuRow>();
  for (const row of listedProducts) if (!firstOfProduct.has(row.sku.productId)) firstOfProduct.set(row.sku.productId, row);
  const cards = new Map<number, SkuCardData>();
  for (const row of [...listedSkus, ...firstOfProduct.values(), ...[...tagRows.values()].flat()]) if (!cards.has(row.sku.id)) cards.set(row.sku.id, toSkuCard(row));
  const listedSkuIds = new Set(listedSkus.map((r) => r.sku.id));
  const tagById = new Map(tagRefs.map((t) => [t.id, t]));

  const resolve = (r: RelationRecord): number | TagRef | undefined => {
    if (r.targetType === 'sku') return listedSkuIds.has(r.targetId) ? r.targetId : undefined;
    if (r.targetType === 'product') return firstOfProduct.get(r.targetId)?.sku.id;
    return tagById.get(r.targetId);
  };

  return contents.map((content) => {
    const shown = (byContent.get(content.id) ?? []).map((r) => ({ r, target: resolve(r) })).filter((x) => x.target !== undefined);
    const skuIds = shown.filter((x) => typeof x.target === 'number').map((x) => x.target as number);
    const tagList = shown.filter((x) => typeof x.target === 'object').map((x) => x.target as TagRef);
    if (tagOnly.includes(content)) {
      const fromTags = tagList.flatMap((t) => (tagRows.get(t.id) ?? []).map((row) => row.sku.id));
      skuIds.push(...fromTags);
    }
    const uniqueSkus = [...new Set(skuIds)].slice(0, tagOnly.includes(content) ? TAG_ROW_SIZE : undefined);
    return {
      id: content.id,
      kind: content.kind,
      cube_kind: content.cubeKind,
      theme: content.theme,
      title: content.title,
      subtitle: content.subtitle,
      link: content.link,
      image: imageOf(content),
      started_at_timestamp: toTimestamp(content.startedAt),
      ended_at_timestamp: toTimestamp(content.endedAt),
      cube_relations: shown.map(({ r }) => ({ target_type: r.targetType, target_id: r.targetId, custom_weight: r.customWeight })),
      skus: uniqueSkus.map((id) => cards.get(id)).filter((s): s is SkuCardData => s !== undefined),
      tags: tagList,
    };
  });
}
