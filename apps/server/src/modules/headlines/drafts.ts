import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { HEADLINE_DRAFT_STATES, isDraftDeletable, isDraftEditable, type Area, type HeadlineDraftState } from '@lantern/domain';
import type { HeadlineDraft, HeadlineDraftFields } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import { assertMayWrite, assertNotBarred, screenFor } from '../moderation/index.ts';
import { checkedDraft, type DraftValues } from './draft-fields.ts';
import { authorOf } from './presenter.ts';
import { headlineDrafts, headlines } from './tables.ts';

export type DraftRow = typeof headlineDrafts.$inferSelect;

export async function presentDrafts(db: DbOrTx, rows: readonly DraftRow[]): Promise<HeadlineDraft[]> {
  const articleIds = rows.flatMap((r) => (r.headlineId === null ? [] : [r.headlineId]));
  const [authors, standing] = await Promise.all([
    publicAccountsByIds(db, [...rows.map((r) => r.accountId), ...rows.flatMap((r) => r.radio.accountIds)]),
    articleIds.length === 0 ? [] : db.select({ id: headlines.id }).from(headlines).where(and(inArray(headlines.id, articleIds), isNull(headlines.deletedAt))),
  ]);
  // A published draft whose article staff deleted names no article: a link to it would only find a 404
  // (docs/product/headlines.md#drafts); the draft itself stays, read-only.
  const live = new Set(standing.map((h) => h.id));
  return rows.map((r) => ({
    id: r.id,
    area: r.area,
    section_id: r.sectionId,
    title: r.title,
    summary: r.summary,
    content: r.contentHtml,
    cover_url: r.coverUrl,
    items: r.items,
    sku_id: r.skuId,
    radio: {
      account_ids: r.radio.accountIds,
      accounts: r.radio.accountIds.flatMap((a) => (authors.has(a) ? [authorOf(a, authors.get(a))] : [])),
      attachment: r.radio.attachment,
    },
    status: r.status,
    reject_reason: r.rejectReason,
    headline_id: r.headlineId !== null && live.has(r.headlineId) ? r.headlineId : null,
    author: authorOf(r.accountId, authors.get(r.accountId)),
    updated_at_timestamp: toTimestamp(r.updatedAt),
    submitted_at_timestamp: r.submittedAt ? toTimestamp(r.submittedAt) : null,
  }));
}

const valuesOf = (r: DraftRow): DraftValues => ({
  sectionId: r.sectionId, title: r.title, summary: r.summary, contentHtml: r.contentHtml, coverUrl: r.coverUrl, items: r.items, skuId: r.skuId, radio: r.radio,
});

/**
 * Moderation's word on an editor's write (docs/product/community.md#moderation): a muted or warn-banned editor
 * saves nothing; submitting is the `headline` action, paced as one (saving a draft is not: it is saved often).
 */
async function guardEditor(deps: Deps, accountId: number, submitting: boolean): Promise<void> {
  if (submitting) await assertMayWrite(deps, accountId, 'headline');
  else await assertNotBarred(deps, accountId, 'headline');
}

/**
 * A submitted draft's words against the site's watched words, as readers of the article would see them
 * (decisions/0031): a block word refuses the submission (422 `censor_words: banned`); censor words are masked
 * in what is stored. A word that requires approval needs nothing more: a submitted draft waits for staff, who
 * publish it or not. A draft only saved is seen by nobody else and screened when submitted.
 */
async function screenedForSubmission(deps: Deps, area: Area, values: DraftValues): Promise<DraftValues> {
  const { texts } = await screenFor(deps, 'headline_draft', [values.title, values.summary, values.contentHtml], area);
  const [title, summary, contentHtml] = texts as [string, string, string];
  return { ...values, title, summary, contentHtml };
}

const EMPTY: DraftValues = { sectionId: null, title: '', summary: '', contentHtml: '', coverUrl: null, items: [], skuId: null, radio: { accountIds: [], attachment: null } };

/** The editor's own live draft on this site, or 404 (someone else's looks the same as none). */
async function ownDraft(deps: Deps, accountId: number, area: Area, id: number): Promise<DraftRow> {
  const [row] = await deps.db.select().from(headlineDrafts)
    .where(and(eq(headlineDrafts.id, id), eq(headlineDrafts.accountId, accountId), eq(headlineDrafts.area, area), isNull(headlineDrafts.deletedAt))).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

/** GET /api/headline_drafts: the editor's drafts on this site, last edited first, of one status when asked. */
export async function listDrafts(deps: Deps, accountId: number, area: Area, status: HeadlineDraftState | undefined, page: number, per: number) {
  const where = and(eq(headlineDrafts.accountId, accountId), eq(headlineDrafts.area, area), isNull(headlineDrafts.deletedAt), status ? eq(headlineDrafts.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(headlineDrafts).where(where).orderBy(desc(headlineDrafts.updatedAt), desc(headlineDrafts.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(headlineDrafts).where(where),
  ]);
  return { headline_drafts: await presentDrafts(deps.db, rows), meta: { total_count: total!.n, page, per } };
}

export async function getDraft(deps: Deps, accountId: number, area: Area, id: number): Promise<HeadlineDraft> {
  return (await presentDrafts(deps.db, [await ownDraft(deps, accountId, area, id)]))[0]!;
}

/** POST /api/headline_drafts: a new draft of this site, submitted at once when `submit` is set. */
export async function createDraft(deps: Deps, accountId: number, area: Area, fields: HeadlineDraftFields): Promise<HeadlineDraft> {
  await guardEditor(deps, accountId, fields.submit === true);
  const checked = await checkedDraft(deps, accountId, area, EMPTY, fields, fields.submit === true);
  const values = fields.submit ? await screenedForSubmission(deps, area, checked) : checked;
  const now = deps.clock.now();
  const [row] = await deps.db.insert(headlineDrafts).values({
    area, accountId, ...values, status: fields.submit ? 'submitted' : 'draft', createdAt: now, updatedAt: now, submittedAt: fields.submit ? now : null,
  }).returning();
  return (await presentDrafts(deps.db, [row!]))[0]!;
}

/**
 * PATCH /api/headline_drafts/{id}: saves an edit, and submits with `submit: true`. Only a draft or a rejected
 * one is changed (an edit makes a rejected one a draft again); a submitted or published one is 422
 * `status_invalid`. The status is checked again by the update itself, so an edit racing staff's publishing
 * cannot change what staff published.
 */
export async function updateDraft(deps: Deps, accountId: number, area: Area, id: number, fields: HeadlineDraftFields): Promise<HeadlineDraft> {
  const row = await ownDraft(deps, accountId, area, id);
  if (!isDraftEditable(row.status)) throw fail.unprocessable('status', 'status_invalid');
  await guardEditor(deps, accountId, fields.submit === true);
  const checked = await checkedDraft(deps, accountId, area, valuesOf(row), fields, fields.submit === true);
  const values = fields.submit ? await screenedForSubmission(deps, area, checked) : checked;
  const now = deps.clock.now();
  const editable = HEADLINE_DRAFT_STATES.filter(isDraftEditable);
  const [saved] = await deps.db.update(headlineDrafts)
    .set({ ...values, status: fields.submit ? 'submitted' : 'draft', rejectReason: fields.submit ? null : row.rejectReason, updatedAt: now, ...(fields.submit && { submittedAt: now }) })
    .where(and(eq(headlineDrafts.id, id), inArray(headlineDrafts.status, editable), isNull(headlineDrafts.deletedAt))).returning();
  if (!saved) throw fail.unprocessable('status', 'status_invalid');
  return (await presentDrafts(deps.db, [saved]))[0]!;
}

/** DELETE /api/headline_drafts/{id}: the editor's own draft, unless it was published (it is the article's record). */
export async function deleteDraft(deps: Deps, accountId: number, area: Area, id: number): Promise<void> {
  const row = await ownDraft(deps, accountId, area, id);
  if (!isDraftDeletable(row.status)) throw fail.unprocessable('status', 'status_invalid');
  const deletable = HEADLINE_DRAFT_STATES.filter(isDraftDeletable);
  const [gone] = await deps.db.update(headlineDrafts).set({ deletedAt: deps.clock.now() })
    .where(and(eq(headlineDrafts.id, id), inArray(headlineDrafts.status, deletable), isNull(headlineDrafts.deletedAt))).returning({ id: headlineDrafts.id });
  if (!gone) throw fail.unprocessable('status', 'status_invalid');
}
