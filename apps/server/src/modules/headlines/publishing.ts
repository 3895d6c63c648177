import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { headlineDraftProblems, headlineSummaryOf, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, fail, type FieldErrors } from '../../platform/errors.ts';
import { plainTextOf } from '../community/index.ts';
import { presentDrafts, type DraftRow } from './drafts.ts';
import { presentSummaries } from './presenter.ts';
import { allSections, sectionMap } from './sections.ts';
import { forgetHeadlineReads } from './forget-reads.ts';
import { headlineDrafts, headlines } from './tables.ts';
import { notify } from '../notifications/index.ts';
import { pushLiveEvents } from '../live/index.ts';

/** Staff's queue: the site's submitted drafts, oldest first (docs/product/headlines.md#publishing). */
export async function submittedDrafts(deps: Deps, area: Area, page: number, per: number) {
  const where = and(eq(headlineDrafts.area, area), eq(headlineDrafts.status, 'submitted'), isNull(headlineDrafts.deletedAt));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(headlineDrafts).where(where).orderBy(asc(headlineDrafts.submittedAt), asc(headlineDrafts.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(headlineDrafts).where(where),
  ]);
  return { headline_drafts: await presentDrafts(deps.db, rows), meta: { total_count: total!.n, page, per } };
}

/** A live draft of this site, locked for the decision; 404 when none, 422 `status_invalid` when it is not submitted. */
async function lockSubmitted(tx: Tx, area: Area, id: number): Promise<DraftRow> {
  const [row] = await tx.select().from(headlineDrafts).where(and(eq(headlineDrafts.id, id), eq(headlineDrafts.area, area), isNull(headlineDrafts.deletedAt))).for('update');
  if (!row) throw fail.notFound();
  if (row.status !== 'submitted') throw fail.unprocessable('status', 'status_invalid');
  return row;
}

/**
 * Publishes a submitted draft: the article is written from it, the draft marked published and linked to it, and
 * the author told (`headline_auth`, last in the transaction) — in one transaction under the draft's row lock, so two staff
 * pressing "publish" at once make one article, and an editor's edit (which needs the draft editable) cannot
 * slip in between. The draft is checked again as for submitting (its section may have gone meanwhile).
 */
export async function publishDraft(deps: Deps, area: Area, id: number) {
  const sections = await allSections(deps);
  const done = await deps.db.transaction(async (tx) => {
    const draft = await lockSubmitted(tx, area, id);
    const text = plainTextOf(draft.contentHtml);
    const problems = headlineDraftProblems({ title: draft.title, summary: draft.summary, contentText: text, sectionId: draft.sectionId, items: draft.items, skuId: draft.skuId, radioAccountIds: draft.radio.accountIds }, true);
    if (draft.sectionId !== null && !sections.some((s) => s.id === draft.sectionId)) (problems.section_id ??= []).push('invalid');
    if (Object.keys(problems).length) throw new AppError(422, problems as FieldErrors);
    const now = deps.clock.now();
    const [headline] = await tx.insert(headlines).values({
      area, sectionId: draft.sectionId!, accountId: draft.accountId, title: draft.title, summary: headlineSummaryOf(draft.summary, text),
      contentHtml: draft.contentHtml, coverUrl: draft.coverUrl, items: draft.items, skuId: draft.skuId,
      radio: draft.radio.accountIds.length || draft.radio.attachment ? draft.radio : null, publishedAt: now,
    }).returning();
    const [saved] = await tx.update(headlineDrafts).set({ status: 'published', headlineId: headline!.id, rejectReason: null, updatedAt: now })
      .where(eq(headlineDrafts.id, id)).returning();
    const events = await notify(tx, deps, {
      recipientId: draft.accountId, kind: 'headline_auth', actorId: null, target: { type: 'Headline', id: headline!.id }, detail: 'published', excerpt: draft.title, href: `/headlines/${headline!.id}`,
    });
    return { headline: headline!, draft: saved!, events };
  });
  await pushLiveEvents(deps, done.events);
  // Every reader sees the new article at once, on every instance (decisions/0022 "Reading at speed").
  await forgetHeadlineReads(deps);
  const [draft] = await presentDrafts(deps.db, [done.draft]);
  const [headline] = await presentSummaries(deps, [done.headline], sectionMap(sections));
  return { headline_draft: draft!, headline: headline! };
}

/** Sends a submitted draft back to its author with a reason (it becomes editable), telling them (`headline_auth`, the reason as excerpt). */
export async function rejectDraft(deps: Deps, area: Area, id: number, reason: string) {
  const { saved, events } = await deps.db.transaction(async (tx) => {
    const draft = await lockSubmitted(tx, area, id);
    const now = deps.clock.now();
    const [row] = await tx.update(headlineDrafts).set({ status: 'rejected', rejectReason: reason, updatedAt: now }).where(eq(headlineDrafts.id, id)).returning();
    const events = await notify(tx, deps, {
      recipientId: draft.accountId, kind: 'headline_auth', actorId: null, target: { type: 'HeadlineDraft', id }, detail: 'rejected', excerpt: reason, href: `/headlines/drafts/${id}/edit`,
    });
    return { saved: row!, events };
  });
  await pushLiveEvents(deps, events);
  return { headline_draft: (await presentDrafts(deps.db, [saved]))[0]! };
}
