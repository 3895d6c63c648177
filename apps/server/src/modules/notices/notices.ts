import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Area, NoticeKind } from '@lantern/domain';
import type { Notice, NoticesResponse, NoticeSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { notices } from './tables.ts';

type NoticeRow = typeof notices.$inferSelect;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The first paragraph of the body, cut to a list line (docs/product/notices.md#notices). */
function summaryOf(content: string): string {
  const first = content.trim().split(/\n\s*\n/)[0] ?? '';
  const chars = [...first.replace(/\s+/g, ' ')];
  return chars.length > 140 ? `${chars.slice(0, 139).join('')}…` : chars.join('');
}

export function presentNoticeSummary(row: NoticeRow): NoticeSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    summary: { chs: summaryOf(row.content.chs), en: summaryOf(row.content.en) },
    pinned: row.pinned,
    published_at_timestamp: seconds(row.publishedAt),
  };
}

export const presentNotice = (row: NoticeRow): Notice => ({ ...presentNoticeSummary(row), content: row.content });

/** Readable on this site now: published, not withdrawn (the domain's isNoticeVisible, as a query). */
const readable = (area: Area, now: Date) => and(eq(notices.area, area), eq(notices.withdrawn, false), lte(notices.publishedAt, now));

/** GET /api/notices: the site's readable notices, pinned first, then newest (the domain's compareNotices). */
export async function listNotices(deps: Deps, area: Area, query: { page: number; per: number; kind?: NoticeKind }): Promise<NoticesResponse> {
  const where = and(readable(area, deps.clock.now()), query.kind ? eq(notices.kind, query.kind) : undefined);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(notices).where(where)
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
      .limit(query.per).offset((query.page - 1) * query.per),
    deps.db.select({ n: count() }).from(notices).where(where),
  ]);
  return { notices: rows.map(presentNoticeSummary), meta: { total_count: total?.n ?? 0, page: query.page, per: query.per } };
}

/** GET /api/notices/{id}: one readable notice of this site; another site's, a future or a withdrawn one is 404. */
export async function readNotice(deps: Deps, area: Area, id: number): Promise<Notice> {
  const [row] = await deps.db.select().from(notices).where(and(eq(notices.id, id), readable(area, deps.clock.now())));
  if (!row) throw fail.notFound();
  return presentNotice(row);
}
