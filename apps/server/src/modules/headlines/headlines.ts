import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { contentVisibleTo, HOME_HEADLINES, itemsOfArea, type Area, type HeadlineCategory } from '@lantern/domain';
import type { HeadlineDetail, HeadlineSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { keepViewable, loadViewableSkuRows, presentSkus } from '../catalog/index.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import { viewerReactions } from '../discussion/index.ts';
import { authorOf, presentSection, presentSummaries, type HeadlineRow } from './presenter.ts';
import { allSections, sectionAndChildren, sectionMap } from './sections.ts';
import { headlines } from './tables.ts';

/** Shown articles: published (not hidden by staff) and not deleted. */
export const shownHeadlines = and(eq(headlines.state, 'published'), isNull(headlines.deletedAt))!;

export interface HeadlineFilter {
  sectionId?: number;
  category?: HeadlineCategory;
}

/** The where of a site's shown articles, of a section (with its sub-sections) or a category when asked. */
async function listWhere(deps: Deps, area: Area, filter: HeadlineFilter) {
  const sections = await allSections(deps);
  let sectionIds: number[] | null = null;
  if (filter.sectionId !== undefined) sectionIds = sectionAndChildren(sections, filter.sectionId);
  if (filter.category !== undefined) {
    const ofCategory = sections.filter((s) => s.category === filter.category).map((s) => s.id);
    sectionIds = sectionIds === null ? ofCategory : sectionIds.filter((id) => ofCategory.includes(id));
  }
  const where = and(eq(headlines.area, area), shownHeadlines, sectionIds === null ? undefined : inArray(headlines.sectionId, sectionIds.length ? sectionIds : [-1]));
  return { where, sections };
}

/** GET /api/headlines: a site's articles, newest first (docs/product/headlines.md#lists). */
export async function listHeadlines(deps: Deps, area: Area, filter: HeadlineFilter, page: number, per: number) {
  const { where, sections } = await listWhere(deps, area, filter);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(headlines).where(where).orderBy(desc(headlines.publishedAt), desc(headlines.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(headlines).where(where),
  ]);
  return { headlines: await presentSummaries(deps, rows, sectionMap(sections)), meta: { total_count: total!.n, page, per } };
}

/** How many lead stories the headlines home shows. */
export const FEATURED_SIZE = 5;

/**
 * GET /api/headline_page: the sections as tabs and the lead stories of the site (or of one section): the newest
 * of the `recommend` sections, topped up with the newest that have a cover.
 */
export async function headlinePage(deps: Deps, area: Area, sectionId: number | undefined) {
  const sections = await allSections(deps);
  if (sectionId !== undefined && !sections.some((s) => s.id === sectionId)) throw fail.notFound('section_id');
  const scope = sectionId === undefined ? undefined : inArray(headlines.sectionId, sectionAndChildren(sections, sectionId));
  const recommendIds = sections.filter((s) => s.category === 'recommend').map((s) => s.id);
  const base = and(eq(headlines.area, area), shownHeadlines, scope);
  const newest = (where: ReturnType<typeof and>) => deps.db.select().from(headlines).where(where).orderBy(desc(headlines.publishedAt), desc(headlines.id)).limit(FEATURED_SIZE);
  const [picked, covered] = await Promise.all([
    recommendIds.length && sectionId === undefined ? newest(and(base, inArray(headlines.sectionId, recommendIds))) : Promise.resolve([] as HeadlineRow[]),
    newest(and(base, isNotNull(headlines.coverUrl))),
  ]);
  const seen = new Set<number>();
  const featured = [...picked, ...covered].filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, FEATURED_SIZE);
  return { sections: sections.map(presentSection), featured: await presentSummaries(deps, featured, sectionMap(sections)) };
}

/** The store home's block (Mall_Index_Headline): the site's newest articles, at most 3. */
export async function homeHeadlines(deps: Deps, viewer: Viewer): Promise<HeadlineSummary[]> {
  return (await listHeadlines(deps, viewer.area, {}, 1, HOME_HEADLINES)).headlines;
}

/**
 * GET /api/headlines/{id}: a shown article of this site (another site's, a hidden or a deleted one is 404;
 * its author still sees it hidden), with its games of this site at their live prices.
 */
export async function getHeadline(deps: Deps, viewer: Viewer, id: number, viewerIsStaff: boolean): Promise<HeadlineDetail> {
  const [row] = await deps.db.select().from(headlines).where(and(eq(headlines.id, id), eq(headlines.area, viewer.area), isNull(headlines.deletedAt))).limit(1);
  if (!row || !contentVisibleTo(row.state, { own: row.accountId === viewer.accountId, staff: viewerIsStaff })) throw fail.notFound();
  const sections = await allSections(deps);
  const section = sections.find((s) => s.id === row.sectionId)!;
  const gameIds = itemsOfArea(row.items, viewer.area);
  const wanted = row.skuId === null ? gameIds : [...new Set([...gameIds, row.skuId])];
  const radioIds = row.radio?.accountIds ?? [];
  const [[summary], skuRows, reactions, hosts] = await Promise.all([
    presentSummaries(deps, [row], sectionMap(sections)),
    loadViewableSkuRows(deps.db, wanted, viewer.area),
    viewer.accountId === null ? Promise.resolve(new Map<number, 1 | 2>()) : viewerReactions(deps, viewer.accountId, 'Headline', [row.id]),
    publicAccountsByIds(deps.db, radioIds),
  ]);
  const skus = new Map((await presentSkus(deps.db, keepViewable(skuRows, viewer.area, viewer.region))).map((s) => [s.id, s]));
  return {
    ...summary!,
    content: row.contentHtml,
    section: presentSection(section),
    games: gameIds.flatMap((g) => (skus.has(g) ? [skus.get(g)!] : [])),
    sku: row.skuId === null ? null : (skus.get(row.skuId) ?? null),
    radio: row.radio && (radioIds.length || row.radio.attachment) ? { accounts: radioIds.map((a) => authorOf(a, hosts.get(a))), attachment: row.radio.attachment } : null,
    like_type: reactions.get(row.id) ?? null,
    moderation_state: row.state,
  };
}
