import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { DiscussionTarget } from '../discussion/index.ts';
import type { ReportTarget } from '../moderation/index.ts';
import { countPost } from './counters.ts';
import { posts } from './tables.ts';

/**
 * What other modules see of a post: discussion comments on and likes published posts (a draft or a deleted
 * post is no target at all), on both sites as the community shows them (decisions/0016), and moderation's
 * reports point at them (docs/product/community.md#moderation).
 */
export const postDiscussionTarget: DiscussionTarget = {
  async load(deps, ids) {
    const rows = await deps.db.select({ id: posts.id, accountId: posts.accountId, locked: posts.locked }).from(posts)
      .where(and(inArray(posts.id, [...ids]), eq(posts.status, 'published'), isNull(posts.deletedAt)));
    return new Map(rows.map((r) => [r.id, { authorId: r.accountId, area: 'both' as const, locked: r.locked }]));
  },
};

/** Takes a post out of every list and count, as its author's delete does; kept for the record. */
async function takeDown(deps: Deps, id: number, db: DbOrTx): Promise<void> {
  const [gone] = await db.update(posts).set({ deletedAt: deps.clock.now() }).where(and(eq(posts.id, id), isNull(posts.deletedAt))).returning();
  if (gone?.status === 'published') await countPost(db, gone, -1);
}

/**
 * A reported post. Posts have no hidden state of their own, so hiding and deleting both take it down (soft
 * delete: the row stays for the record and the report); a later "restore" would tell them apart.
 */
export const postReportTarget: ReportTarget = {
  async load(deps, id) {
    const [row] = await deps.db.select({ accountId: posts.accountId, area: posts.area, title: posts.title, text: posts.plainText }).from(posts)
      .where(and(eq(posts.id, id), eq(posts.status, 'published'), isNull(posts.deletedAt))).limit(1);
    if (!row) return null;
    const summary = (row.title || row.text).slice(0, 120);
    return { authorId: row.accountId, area: row.area, summary };
  },
  hide: (deps, id, tx) => takeDown(deps, id, tx ?? deps.db),
  remove: (deps, id, tx) => takeDown(deps, id, tx ?? deps.db),
};
