import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_KINDS, FEEDBACK_MAX_IMAGES, FEEDBACKS_PER_DAY,
  feedbackContentProblem, type Area,
} from '@lantern/domain';
import type { CreateFeedbackRequest, Feedback, FeedbackForm } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { findUploads } from '../uploads/index.ts';
import { feedbacks } from './tables.ts';

type FeedbackRow = typeof feedbacks.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export const presentFeedback = (row: FeedbackRow): Feedback => ({
  id: row.id,
  kind: row.kind,
  content: row.content,
  contact: row.contact,
  images: row.images,
  page_url: row.pageUrl,
  status: row.status,
  created_at_timestamp: Math.floor(row.createdAt.getTime() / 1000),
});

async function sentInLastDay(deps: Deps, accountId: number, now: Date): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(feedbacks)
    .where(and(eq(feedbacks.accountId, accountId), gt(feedbacks.createdAt, new Date(now.getTime() - DAY_MS))));
  return row?.n ?? 0;
}

/** GET /api/feedbacks/new: the form's choices and limits, and how many more the account may send today. */
export async function feedbackForm(deps: Deps, accountId: number): Promise<FeedbackForm> {
  const sent = await sentInLastDay(deps, accountId, deps.clock.now());
  return {
    kinds: [...FEEDBACK_KINDS],
    content_min: FEEDBACK_CONTENT_MIN,
    content_max: FEEDBACK_CONTENT_MAX,
    max_images: FEEDBACK_MAX_IMAGES,
    contact_max: FEEDBACK_CONTACT_MAX,
    remaining_today: Math.max(0, FEEDBACKS_PER_DAY - sent),
  };
}

/**
 * POST /api/feedbacks (docs/product/notices.md#feedback): the text within its limits; every screenshot one of
 * the writer's own uploads (someone else's picture, or any other address, is 422 `images: invalid`); at most
 * FEEDBACKS_PER_DAY in any 24 hours (429 `rate_limit`). The count and the insert run under a per-account lock,
 * so two feedbacks sent at once cannot both take the last place.
 */
export async function sendFeedback(deps: Deps, accountId: number, area: Area, input: CreateFeedbackRequest['feedback']): Promise<Feedback> {
  const problem = feedbackContentProblem(input.content);
  if (problem) throw fail.unprocessable('content', problem);
  const images = [...new Set(input.images)];
  if (images.length > 0 && (await findUploads(deps, accountId, images)).length !== images.length) throw fail.unprocessable('images', 'invalid');
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`feedback:${accountId}`}, 0))`);
    const [sent] = await tx.select({ n: count() }).from(feedbacks)
      .where(and(eq(feedbacks.accountId, accountId), gt(feedbacks.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((sent?.n ?? 0) >= FEEDBACKS_PER_DAY) {
      const [oldest] = await tx.select({ at: feedbacks.createdAt }).from(feedbacks)
        .where(and(eq(feedbacks.accountId, accountId), gt(feedbacks.createdAt, new Date(now.getTime() - DAY_MS))))
        .orderBy(feedbacks.createdAt).limit(1);
      const retryAfter = oldest ? Math.max(1, Math.ceil((oldest.at.getTime() + DAY_MS - now.getTime()) / 1000)) : 60;
      throw fail.tooMany('rate_limit', retryAfter);
    }
    const [inserted] = await tx.insert(feedbacks).values({
      accountId, area, kind: input.kind, content: input.content.trim(), contact: input.contact || null, images,
      pageUrl: input.page_url || null, createdAt: now, updatedAt: now,
    }).returning();
    return inserted!;
  });
  return presentFeedback(row);
}

/** An upload shown in a feedback stays: staff still need the screenshot (the uploads module asks before deleting). */
export async function feedbackUsesUpload(deps: Deps, accountId: number, key: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: feedbacks.id }).from(feedbacks)
    .where(and(eq(feedbacks.accountId, accountId), sql`position(${`/uploads/${key}/`} in ${feedbacks.images}::text) > 0`))
    .limit(1);
  return row !== undefined;
}

/** GET /api/admin/feedbacks: the inbox, newest first. */
export async function staffListFeedbacks(deps: Deps, query: { page: number; per: number; status?: FeedbackRow['status']; area?: Area }) {
  const where = and(query.status ? eq(feedbacks.status, query.status) : undefined, query.area ? eq(feedbacks.area, query.area) : undefined);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(feedbacks).where(where).orderBy(desc(feedbacks.createdAt), desc(feedbacks.id)).limit(query.per).offset((query.page - 1) * query.per),
    deps.db.select({ n: count() }).from(feedbacks).where(where),
  ]);
  return { feedbacks: rows.map(staffFeedbackOf), meta: { total_count: total?.n ?? 0, page: query.page, per: query.per } };
}

const staffFeedbackOf = (row: FeedbackRow) => ({ ...presentFeedback(row), account_id: row.accountId, area: row.area, staff_reply: row.staffReply });

/** PATCH /api/admin/feedbacks/{id}: staff answer it or close it; a reply without a status marks it replied. */
export async function updateFeedback(deps: Deps, id: number, change: { status?: FeedbackRow['status']; staff_reply?: string }) {
  const status = change.status ?? (change.staff_reply ? 'replied' : undefined);
  const [row] = await deps.db.update(feedbacks).set({ status, staffReply: change.staff_reply, updatedAt: deps.clock.now() })
    .where(eq(feedbacks.id, id)).returning();
  if (!row) throw fail.notFound();
  return staffFeedbackOf(row);
}
