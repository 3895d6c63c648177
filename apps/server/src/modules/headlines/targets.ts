import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { DiscussionTarget } from '../discussion/index.ts';
import type { ModeratedContent } from '../moderation/index.ts';
import type { PreviewLoader } from '../share/index.ts';
import { headlineDrafts, headlines } from './tables.ts';
import { shownHeadlines } from './headlines.ts';
import { forgetHeadlineReads } from './forget-reads.ts';

/**
 * What other modules see of an article: discussion comments on and likes shown ones of their own site (a hidden
 * or deleted one is no target), and moderation's reports act on them (type `headline`; decisions/0022).
 */
export const headlineDiscussionTarget: DiscussionTarget = {
  async load(deps, ids) {
    const rows = await deps.db.select({ id: headlines.id, accountId: headlines.accountId, area: headlines.area }).from(headlines)
      .where(and(inArray(headlines.id, [...ids]), shownHeadlines));
    return new Map(rows.map((r) => [r.id, { authorId: r.accountId, area: r.area, locked: false }]));
  },
  // Articles belong to no group: their comments are staff's to moderate, read on the article's page.
  placeOf: async (_deps, id) => ({ groupId: null, path: `/headlines/${id}` }),
};

/**
 * A shown article's link preview and page title on its own site (docs/product/headlines.md#pages): its title,
 * summary and cover. A deleted one is gone; another site's, or a hidden one, is not there.
 */
export const headlinePreview: PreviewLoader = async (deps, id, area) => {
  const [row] = await deps.db.select({ title: headlines.title, summary: headlines.summary, coverUrl: headlines.coverUrl, state: headlines.state, deletedAt: headlines.deletedAt })
    .from(headlines).where(and(eq(headlines.id, id), eq(headlines.area, area))).limit(1);
  if (!row) return null;
  if (row.deletedAt) return 'gone';
  if (row.state !== 'published') return null;
  return { title: row.title, description: row.summary, image: row.coverUrl };
};

/**
 * Articles as moderation acts on them: a shown one is reported, hidden (restorable) and unhidden, or deleted for
 * good. Articles are published by staff, never held for approval, so the approval queue has none.
 */
export const headlineModeration: ModeratedContent = {
  async published(deps, id) {
    const [row] = await deps.db.select().from(headlines).where(and(eq(headlines.id, id), shownHeadlines)).limit(1);
    return row ? { authorId: row.accountId, area: row.area, summary: row.title.slice(0, 120) } : null;
  },
  pending: async () => [],
  async move(deps, id, from, to, tx?: Tx) {
    const [moved] = await (tx ?? deps.db).update(headlines).set({ state: to })
      .where(and(eq(headlines.id, id), eq(headlines.state, from), isNull(headlines.deletedAt))).returning({ id: headlines.id });
    // Inside moderation's transaction a read rebuilt before it commits may keep the old state: `changed` forgets again after.
    if (moved) await forgetHeadlineReads(deps);
    return moved !== undefined;
  },
  async takeDown(deps, id, only, tx?: Tx) {
    const [gone] = await (tx ?? deps.db).update(headlines).set({ deletedAt: deps.clock.now() })
      .where(and(eq(headlines.id, id), isNull(headlines.deletedAt), only ? eq(headlines.state, only) : undefined)).returning({ id: headlines.id });
    if (gone) await forgetHeadlineReads(deps);
    return gone !== undefined;
  },
  changed: (deps) => forgetHeadlineReads(deps),
};

/** Whether an upload of the author is the cover or shows in the body of one of their articles or live drafts. */
export async function headlinesUseUpload(deps: Deps, accountId: number, key: string): Promise<boolean> {
  const needle = `/uploads/${key}/`;
  const inArticle = sql`(position(${needle} in ${headlines.contentHtml}) > 0 OR position(${needle} in coalesce(${headlines.coverUrl}, '')) > 0)`;
  const inDraft = sql`(position(${needle} in ${headlineDrafts.contentHtml}) > 0 OR position(${needle} in coalesce(${headlineDrafts.coverUrl}, '')) > 0)`;
  const [[article], [draft]] = await Promise.all([
    deps.db.select({ id: headlines.id }).from(headlines).where(and(eq(headlines.accountId, accountId), isNull(headlines.deletedAt), inArticle)).limit(1),
    deps.db.select({ id: headlineDrafts.id }).from(headlineDrafts).where(and(eq(headlineDrafts.accountId, accountId), isNull(headlineDrafts.deletedAt), inDraft)).limit(1),
  ]);
  return article !== undefined || draft !== undefined;
}
