import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isVersionNumber, type Area } from '@lantern/domain';
import type {
  createNoticeRequest, createVersionInfoRequest, createVersionReleaseRequest, updateNoticeRequest, updateVersionInfoRequest, VersionInfo, VersionRelease,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { presentNotice } from './notices.ts';
import { presentVersions } from './versions.ts';
import { notices, versionInfos, versionReleases } from './tables.ts';

type NoticeInput = z.infer<typeof createNoticeRequest>['notice'];
type NoticeChange = z.infer<typeof updateNoticeRequest>['notice'];
type VersionInput = z.infer<typeof createVersionInfoRequest>['version_info'];
type VersionChange = z.infer<typeof updateVersionInfoRequest>['version_info'];
type ReleaseInput = z.infer<typeof createVersionReleaseRequest>['version_release'];

const atSec = (sec: number) => new Date(sec * 1000);
const staffNoticeOf = (row: typeof notices.$inferSelect) => ({ ...presentNotice(row), area: row.area, withdrawn: row.withdrawn });

/** GET /api/admin/notices: every notice, withdrawn and future ones too, newest first. */
export async function staffListNotices(deps: Deps, query: { page: number; per: number; area?: Area }) {
  const where = query.area ? eq(notices.area, query.area) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(notices).where(where).orderBy(desc(notices.publishedAt), desc(notices.id)).limit(query.per).offset((query.page - 1) * query.per),
    deps.db.select({ n: count() }).from(notices).where(where),
  ]);
  return { notices: rows.map(staffNoticeOf), meta: { total_count: total?.n ?? 0, page: query.page, per: query.per } };
}

/** POST /api/admin/notices: published at the given time, or now. */
export async function createNotice(deps: Deps, input: NoticeInput) {
  const now = deps.clock.now();
  const [row] = await deps.db.insert(notices).values({
    area: input.area, kind: input.kind, title: input.title, content: input.content, pinned: input.pinned,
    publishedAt: input.published_at_timestamp === undefined ? now : atSec(input.published_at_timestamp), createdAt: now, updatedAt: now,
  }).returning();
  return staffNoticeOf(row!);
}

/** PATCH /api/admin/notices/{id}: any field; `withdrawn` takes it off the site or puts it back. */
export async function updateNotice(deps: Deps, id: number, change: NoticeChange) {
  const [row] = await deps.db.update(notices).set({
    kind: change.kind, title: change.title, content: change.content, pinned: change.pinned, withdrawn: change.withdrawn,
    publishedAt: change.published_at_timestamp === undefined ? undefined : atSec(change.published_at_timestamp), updatedAt: deps.clock.now(),
  }).where(eq(notices.id, id)).returning();
  if (!row) throw fail.notFound();
  return staffNoticeOf(row);
}

/** A released version needs its release date (now when staff give none); other states have none. */
function releaseDate(status: VersionInput['status'], given: number | null | undefined, now: Date): Date | null {
  if (status !== 'released') return null;
  return given == null ? now : atSec(given);
}

async function presentVersion(deps: Deps, id: number): Promise<VersionInfo> {
  const rows = await deps.db.select().from(versionInfos).where(eq(versionInfos.id, id));
  return (await presentVersions(deps.db, rows))[0]!;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505'
  || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** POST /api/admin/version_infos: a version number is listed once (409 `taken`). */
export async function createVersionInfo(deps: Deps, input: VersionInput): Promise<VersionInfo> {
  if (!isVersionNumber(input.version)) throw fail.unprocessable('version', 'invalid');
  const now = deps.clock.now();
  try {
    const [row] = await deps.db.insert(versionInfos).values({
      version: input.version, title: input.title, description: input.description, status: input.status, progress: input.progress,
      plannedAt: input.planned_at_timestamp == null ? null : atSec(input.planned_at_timestamp),
      releasedAt: releaseDate(input.status, input.released_at_timestamp, now), createdAt: now, updatedAt: now,
    }).returning({ id: versionInfos.id });
    return presentVersion(deps, row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('version', 'taken');
    throw error;
  }
}

/** PATCH /api/admin/version_infos/{id}: releasing a version dates it; moving it back out of released clears the date. */
export async function updateVersionInfo(deps: Deps, id: number, change: VersionChange): Promise<VersionInfo> {
  if (change.version !== undefined && !isVersionNumber(change.version)) throw fail.unprocessable('version', 'invalid');
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(versionInfos).where(eq(versionInfos.id, id)).for('update');
      if (!row) throw fail.notFound();
      const status = change.status ?? row.status;
      const releasedAt = status !== 'released' ? null
        : change.released_at_timestamp != null ? atSec(change.released_at_timestamp) : row.releasedAt ?? now;
      await tx.update(versionInfos).set({
        version: change.version, title: change.title, description: change.description, status, progress: change.progress,
        plannedAt: change.planned_at_timestamp === undefined ? undefined : change.planned_at_timestamp === null ? null : atSec(change.planned_at_timestamp),
        releasedAt, updatedAt: now,
      }).where(eq(versionInfos.id, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('version', 'taken');
    throw error;
  }
  return presentVersion(deps, id);
}

/** POST /api/admin/version_releases: a note on an existing version. */
export async function createVersionRelease(deps: Deps, input: ReleaseInput): Promise<VersionRelease> {
  const [version] = await deps.db.select({ id: versionInfos.id }).from(versionInfos).where(eq(versionInfos.id, input.version_info_id));
  if (!version) throw fail.unprocessable('version_info_id', 'not_found');
  const [row] = await deps.db.insert(versionReleases).values({ versionInfoId: version.id, kind: input.kind, content: input.content, position: input.position }).returning();
  return { id: row!.id, version_info_id: row!.versionInfoId, kind: row!.kind, content: row!.content, position: row!.position };
}

/** DELETE /api/admin/version_releases/{id} */
export async function deleteVersionRelease(deps: Deps, id: number): Promise<void> {
  const [gone] = await deps.db.delete(versionReleases).where(eq(versionReleases.id, id)).returning({ id: versionReleases.id });
  if (!gone) throw fail.notFound();
}
