import { and, asc, count, eq } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { headlines } from './tables.ts';
import { shownHeadlines } from './headlines.ts';

/** One page of a site's shown articles, oldest first, with when each was published, and how many there are. */
export async function sitemapHeadlines(deps: Deps, area: Area, offset: number, limit: number): Promise<{ total: number; items: { id: number; changedAt: Date }[] }> {
  const where = and(eq(headlines.area, area), shownHeadlines);
  const [[counted], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(headlines).where(where),
    deps.db.select({ id: headlines.id, changedAt: headlines.publishedAt }).from(headlines).where(where).orderBy(asc(headlines.id)).offset(offset).limit(limit),
  ]);
  return { total: counted?.n ?? 0, items: rows };
}
