import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { groupReleasesByKind, versionProgress, type VersionStatus } from '@lantern/domain';
import type { VersionInfo, VersionInfosResponse, VersionReleasesResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { versionInfos, versionReleases } from './tables.ts';

type VersionRow = typeof versionInfos.$inferSelect;
type ReleaseRow = typeof versionReleases.$inferSelect;

const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

/** Versions with their release-note counts by kind, in one query for the whole page (no query per version). */
export async function presentVersions(db: Db, rows: readonly VersionRow[]): Promise<VersionInfo[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length === 0 ? [] : await db.select({ id: versionReleases.versionInfoId, kind: versionReleases.kind, n: count() })
    .from(versionReleases).where(inArray(versionReleases.versionInfoId, ids)).groupBy(versionReleases.versionInfoId, versionReleases.kind);
  return rows.map((row) => {
    const mine = (kind: ReleaseRow['kind']) => counts.find((c) => c.id === row.id && c.kind === kind)?.n ?? 0;
    return {
      id: row.id,
      version: row.version,
      title: row.title,
      description: row.description,
      status: row.status,
      progress: versionProgress(row.status, row.progress),
      planned_at_timestamp: seconds(row.plannedAt),
      released_at_timestamp: seconds(row.releasedAt),
      release_counts: { feature: mine('feature'), improvement: mine('improvement'), fix: mine('fix') },
    };
  });
}

/**
 * Newest first: versions in work or planned (by planned date, then id) above the released ones (by release
 * date), as a roadmap reads (docs/product/notices.md#version-progress).
 */
const listOrder = [
  sql`case when ${versionInfos.status} = 'released' then 1 else 0 end`,
  desc(sql`coalesce(${versionInfos.releasedAt}, ${versionInfos.plannedAt}, ${versionInfos.createdAt})`),
  desc(versionInfos.id),
];

/** GET /api/version_infos */
export async function listVersionInfos(deps: Deps, query: { page: number; per: number; status?: VersionStatus }): Promise<VersionInfosResponse> {
  const where = query.status ? eq(versionInfos.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(versionInfos).where(where).orderBy(...listOrder).limit(query.per).offset((query.page - 1) * query.per),
    deps.db.select({ n: count() }).from(versionInfos).where(where),
  ]);
  return { version_infos: await presentVersions(deps.db, rows), meta: { total_count: total?.n ?? 0, page: query.page, per: query.per } };
}

/** GET /api/version_releases: one version's notes grouped by kind; the newest released version when none is named. */
export async function listVersionReleases(deps: Deps, versionInfoId: number | undefined): Promise<VersionReleasesResponse> {
  const [row] = versionInfoId === undefined
    ? await deps.db.select().from(versionInfos).where(eq(versionInfos.status, 'released')).orderBy(desc(versionInfos.releasedAt), desc(versionInfos.id)).limit(1)
    : await deps.db.select().from(versionInfos).where(eq(versionInfos.id, versionInfoId));
  if (!row) {
    if (versionInfoId !== undefined) throw fail.notFound();
    return { version_info: null, version_releases: [] };
  }
  const releases = await deps.db.select().from(versionReleases).where(and(eq(versionReleases.versionInfoId, row.id)));
  const [info] = await presentVersions(deps.db, [row]);
  const groups = groupReleasesByKind(releases).map((g) => ({
    kind: g.kind,
    items: g.items.map((r) => ({ id: r.id, version_info_id: r.versionInfoId, kind: r.kind, content: r.content, position: r.position })),
  }));
  return { version_info: info!, version_releases: groups };
}
