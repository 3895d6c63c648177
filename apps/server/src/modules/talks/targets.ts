import { and, inArray, isNull } from 'drizzle-orm';
import type { DiscussionTarget } from '../discussion/index.ts';
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
};
