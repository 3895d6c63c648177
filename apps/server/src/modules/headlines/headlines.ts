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

/** What an article shows besides its text: its games of this site at live prices, the game it is about, its radio hosts. */
export interface ArticleParts {
  items: HeadlineRow['items'];
  skuId: number | null;
  radio: HeadlineRow['radio'];
}

/**
 * The parts of an article as the reader's site shows them, for a published article and for a draft staff
 * preview alike (decisions/0035), so a preview is the article as it will read.
 */
export async function presentArticleParts(deps: Deps, viewer: Viewer, parts: ArticleParts): Promise<Pick<HeadlineDetail, 'games' | 'sku' | 'radio'>> {
  const gameIds = itemsOfArea(parts.items, viewer.area);
  const wanted = parts.skuId === null ? gameIds : [...new Set([...gameIds, parts.skuId])];
  const radioIds = parts.radio?.accountIds ?? [];
  const [skuRows, hosts] = await Promise.all([loadViewableSkuRows(deps.db, wanted, viewer.area), publicAccountsByIds(deps.db, radioIds)]);
  const skus = new Map((await presentSkus(deps.db, keepViewable(skuRows, viewer.area, viewer.region))).map((s) => [s.id, s]));
  return {
    games: gameIds.flatMap((g) => (skus.has(g) ? [skus.get(g)!] : [])),
    sku: parts.skuId === null ? null : (skus.get(parts.skuId) ?? null),
    radio: parts.radio && (radioIds.length || parts.radio.attachment) ? { accounts: radioIds.map((a) => authorOf(a, hosts.get(a))), attachment: parts.radio.attachment } : null,
  };
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
  const [[summary], parts, reactions] = await Promise.all([
    presentSummaries(deps, [row], sectionMap(sections)),
    presentArticleParts(deps, viewer, row),
    viewer.accountId === null ? Promise.resolve(new Map<number, 1 | 2>()) : viewerReactions(deps, viewer.accountId, 'Headline', [row.id]),
  ]);
  return {
    ...summary!,
    content: row.contentHtml,
    section: presentSection(section),
    ...parts,
    like_type: reactions.get(row.id) ?? null,
    moderation_state: row.state,
  };
}
