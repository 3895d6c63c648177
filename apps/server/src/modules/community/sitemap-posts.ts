import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { posts } from './tables.ts';

/** One page of the published posts and reviews (both sites show them), oldest first, with when each last changed, and how many there are. */
export async function sitemapPosts(deps: Deps, offset: number, limit: number): Promise<{ total: number; items: { id: number; changedAt: Date }[] }> {
  const where = and(eq(posts.status, 'published'), isNull(posts.deletedAt));
  const [[counted], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(posts).where(where),
    deps.db.select({ id: posts.id, changedAt: posts.updatedAt }).from(posts).where(where).orderBy(asc(posts.id)).offset(offset).limit(limit),
  ]);
  return { total: counted?.n ?? 0, items: rows };
}
