import { asc, count } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { skus } from './tables.ts';
import { listedSql } from './visibility.ts';

/** One page of the SKUs a site lists to its default region, oldest first, and how many there are (the sitemap's games). */
export async function sitemapSkus(deps: Deps, area: Area, region: string, offset: number, limit: number): Promise<{ total: number; ids: number[] }> {
  const where = listedSql(area, region);
  const [[counted], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(skus).where(where),
    deps.db.select({ id: skus.id }).from(skus).where(where).orderBy(asc(skus.id)).offset(offset).limit(limit),
  ]);
  return { total: counted?.n ?? 0, ids: rows.map((r) => r.id) };
}
