import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DiscussionTarget } from '../discussion/index.ts';
import { plainTextOf } from '../community/index.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import type { PreviewLoader } from '../share/index.ts';
import { talks } from './tables.ts';

/**
 * Talks as the discussion module comments on and likes them (type `Talk`, 10 comments a page): live talks, seen on
 * both sites like the community's posts; a deleted talk is no target.
 */
export const talkDiscussionTarget: DiscussionTarget = {
  async load(deps, ids) {
    const rows = await deps.db.select({ id: talks.id, accountId: talks.accountId }).from(talks).where(and(inArray(talks.id, [...ids]), isNull(talks.deletedAt)));
    return new Map(rows.map((r) => [r.id, { authorId: r.accountId, area: 'both' as const, locked: false }]));
  },
  // Talks belong to no group: their comments are staff's to moderate, read on the talk's page.
  placeOf: async (_deps, id) => ({ groupId: null, path: `/talks/${id}` }),
};

/** A live talk's link preview (Open Graph tags of its shared page): its author, and its words; a deleted talk is gone. */
export const talkPreview: PreviewLoader = async (deps, id) => {
  const [row] = await deps.db.select({ accountId: talks.accountId, content: talks.content, deletedAt: talks.deletedAt }).from(talks).where(eq(talks.id, id)).limit(1);
  if (!row) return null;
  if (row.deletedAt) return 'gone';
  const author = (await publicAccountsByIds(deps.db, [row.accountId])).get(row.accountId);
  return { title: author ? `@${author.nickname}` : 'Talk', description: plainTextOf(row.content) };
};
