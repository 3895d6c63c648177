import { and, desc, eq, gte, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { RECOMMENDED_TALKS_DAYS, recommendScore, TALKS_PAGE_SIZE } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { fromJsonRow, rowsOf } from '../../platform/db/json-rows.ts';
import { discussionCounts } from '../discussion/index.ts';
import { followedIds, hiddenAuthorsFor } from '../people/index.ts';
import { joinedGroupIds } from '../community/index.ts';
import { presentTalks, type TalkRow } from './presenter.ts';
import { talks } from './tables.ts';

export interface TalkFilter {
  feed?: 'following';
  accountId?: number;
  groupId?: number;
}

const live = isNull(talks.deletedAt);
const NO_CURSOR = Number.MAX_SAFE_INTEGER;

/**
 * How many of everyone's newest talks below the cursor the feed looks through first. Whom a reader follows writes
 * a fair share of what is new, so a page is usually found in the first few hundred; when it is not, the per-author
 * merge below answers.
 */
const FEED_RECENT_WINDOW = 1_000;

/**
 * The rows of the viewer's feed page (docs/product/people.md#talks; decisions/0023), newest first. First the newest
 * `FEED_RECENT_WINDOW` talks of everyone below the cursor (one backwards range of `talks_recent_idx`) are filtered
 * to the followed authors and joined groups: if a whole page is among them it is the answer, since every talk
 * left unread is older than all of them. Otherwise, for each followed author and each joined group, its newest
 * `per` talks below the cursor — one short scan of `talks_author_feed_idx` or `talks_group_feed_idx` each — are
 * merged. Never a sort of everything those people wrote.
 */
async function feedRows(deps: Deps, authors: readonly number[], groups: readonly number[], hidden: readonly number[], before: number, per: number): Promise<TalkRow[]> {
  if (authors.length === 0 && groups.length === 0) return [];
  const [authorIds, groupIds, hiddenIds] = [sql.param([...authors]), sql.param([...groups]), sql.param([...hidden])];
  // The page's rows come with its ids, in the same statement: one round trip fewer per page.
  const rowsOfPage = async (pageIds: SQL) => (await rowsOf<{ row: Record<string, unknown> }>(deps.db, sql`
    SELECT to_jsonb(t) AS row FROM talks t WHERE t.id IN (${pageIds}) ORDER BY t.id DESC`)).map((r) => fromJsonRow(talks, r.row));
  const recent = await rowsOfPage(sql`
    SELECT id FROM (
      SELECT id, account_id, group_id FROM talks WHERE deleted_at IS NULL AND id < ${before} ORDER BY id DESC LIMIT ${FEED_RECENT_WINDOW}
    ) newest
    WHERE account_id = ANY(${authorIds}::bigint[])
       OR (group_id = ANY(${groupIds}::bigint[]) AND NOT (account_id = ANY(${hiddenIds}::bigint[])))
    ORDER BY id DESC LIMIT ${per}`);
  if (recent.length === per) return recent;
  return rowsOfPage(sql`
    SELECT id FROM (
      SELECT t.id FROM unnest(${authorIds}::bigint[]) AS a(id) CROSS JOIN LATERAL (
        SELECT id FROM talks WHERE account_id = a.id AND deleted_at IS NULL AND id < ${before} ORDER BY id DESC LIMIT ${per}
      ) t
      UNION
      SELECT t.id FROM unnest(${groupIds}::bigint[]) AS g(id) CROSS JOIN LATERAL (
        SELECT id, account_id FROM talks WHERE group_id = g.id AND deleted_at IS NULL AND id < ${before} ORDER BY id DESC LIMIT ${per}
      ) t WHERE NOT (t.account_id = ANY(${hiddenIds}::bigint[]))
    ) feed ORDER BY id DESC LIMIT ${per}`);
}

/**
 * GET /api/talks: newest first by keyset (`before_id`). The feed needs a signed-in viewer (401). Everywhere,
 * what the accounts the viewer blocked wrote is left out, and so are their words forwarded by others (the same
 * read of the block list; docs/product/people.md#what-a-block-does).
 */
export async function listTalks(deps: Deps, viewerId: number | null, filter: TalkFilter, beforeId: number | undefined, per = TALKS_PAGE_SIZE) {
  const before = beforeId ?? NO_CURSOR;
  const hiddenAuthors = await hiddenAuthorsFor(deps, viewerId);
  const hidden = [...hiddenAuthors];
  let rows: TalkRow[];
  if (filter.feed === 'following') {
    if (viewerId === null) throw fail.unauthorized();
    const [followed, groups] = await Promise.all([followedIds(deps, viewerId), joinedGroupIds(deps, viewerId)]);
    rows = await feedRows(deps, [viewerId, ...followed], groups, hidden, before, per);
  } else {
    const where: (SQL | undefined)[] = [live, lt(talks.id, before)];
    if (filter.accountId !== undefined) where.push(eq(talks.accountId, filter.accountId));
    if (filter.groupId !== undefined) where.push(eq(talks.groupId, filter.groupId));
    if (hidden.length > 0) where.push(notInArray(talks.accountId, hidden));
    rows = await deps.db.select().from(talks).where(and(...where)).orderBy(desc(talks.id)).limit(per);
  }
  const next = rows.length === per ? rows[rows.length - 1]!.id : null;
  return { talks: await presentTalks(deps, rows, viewerId, hiddenAuthors), meta: { per, next_before_id: next } };
}

/** A live talk, or 404 `talk: not_found`. */
export async function liveTalk(deps: Deps, id: number): Promise<TalkRow> {
  const [row] = await deps.db.select().from(talks).where(and(eq(talks.id, id), live)).limit(1);
  if (!row) throw fail.notFound('talk');
  return row;
}

/**
 * GET /api/talks/{id}, and whether the viewer blocked its author: the page then opens with a notice instead of the
 * talk (docs/product/people.md#direct-links). The block list is the one the reader's lists are filtered with, read
 * alongside the talk; it also hides the words of a forwarded original by someone the reader blocked (`presentTalks`).
 */
export async function getTalk(deps: Deps, viewerId: number | null, id: number) {
  const [row, hidden] = await Promise.all([liveTalk(deps, id), hiddenAuthorsFor(deps, viewerId)]);
  return { talk: (await presentTalks(deps, [row], viewerId, hidden))[0]!, author_blocked: hidden.has(row.accountId) };
}

/** How many recent talks the recommendation weighs. */
const RECOMMEND_CANDIDATES = 200;

/**
 * GET /api/recommend/talks (decisions/0023): the last days' most forwarded talks, weighed with their likes and
 * comments and worn down by age (`recommendScore`), then paged; without recent talks, the newest.
 */
export async function recommendTalks(deps: Deps, viewerId: number | null, page: number, per: number) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - RECOMMENDED_TALKS_DAYS * 86_400_000);
  const hiddenAuthors = await hiddenAuthorsFor(deps, viewerId);
  const hidden = [...hiddenAuthors];
  const notHidden = hidden.length > 0 ? notInArray(talks.accountId, hidden) : undefined;
  let candidates = await deps.db.select().from(talks).where(and(live, gte(talks.createdAt, since), notHidden))
    .orderBy(desc(talks.forwardCount), desc(talks.id)).limit(RECOMMEND_CANDIDATES);
  if (candidates.length === 0) candidates = await deps.db.select().from(talks).where(and(live, notHidden)).orderBy(desc(talks.id)).limit(RECOMMEND_CANDIDATES);
  const counts = await discussionCounts(deps, 'Talk', candidates.map((c) => c.id));
  const scored = candidates
    .map((c) => ({ row: c, score: recommendScore({ forwards: c.forwardCount, likes: counts.get(c.id)?.likes ?? 0, comments: counts.get(c.id)?.comments ?? 0, ageDays: (now.getTime() - c.createdAt.getTime()) / 86_400_000 }) }))
    .sort((a, b) => b.score - a.score || b.row.id - a.row.id);
  const slice = scored.slice((page - 1) * per, page * per).map((s) => s.row);
  return { talks: await presentTalks(deps, slice, viewerId, hiddenAuthors), meta: { total_count: scored.length, page, per } };
}
