import { and, eq, isNull } from 'drizzle-orm';
import { headlineSummaryOf, type Area } from '@lantern/domain';
import type { HeadlineDraftFields, HeadlineSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { plainTextOf } from '../community/index.ts';
import { checkedDraft, type DraftValues } from './draft-fields.ts';
import { forgetHeadlineReads } from './forget-reads.ts';
import { presentSummaries } from './presenter.ts';
import { allSections, sectionMap } from './sections.ts';
import { headlines } from './tables.ts';

/**
 * Staff: PATCH /api/admin/headlines/{id} (docs/product/headlines.md#editing-articles). A published article of this
 * site (shown or hidden, not deleted) is corrected in place: the same fields as a draft, checked as for
 * submitting, images and cover kept only when they are the author's own uploads (the article stays the author's).
 * The draft it came from keeps what was published from it. Readers see the change at once.
 */
export async function editArticle(deps: Deps, area: Area, id: number, edit: HeadlineDraftFields): Promise<HeadlineSummary> {
  const live = and(eq(headlines.id, id), eq(headlines.area, area), isNull(headlines.deletedAt));
  const [row] = await deps.db.select().from(headlines).where(live);
  if (!row) throw fail.notFound();
  const before: DraftValues = {
    sectionId: row.sectionId, title: row.title, summary: row.summary, contentHtml: row.contentHtml, coverUrl: row.coverUrl, items: row.items, skuId: row.skuId,
    radio: row.radio ?? { accountIds: [], attachment: null },
  };
  // An article always has a section: clearing it is refused as submitting without one would be.
  const next = await checkedDraft(deps, row.accountId, area, before, edit, true);
  const [saved] = await deps.db.update(headlines).set({
    sectionId: next.sectionId!, title: next.title, summary: headlineSummaryOf(next.summary, plainTextOf(next.contentHtml)), contentHtml: next.contentHtml,
    coverUrl: next.coverUrl, items: next.items, skuId: next.skuId, radio: next.radio.accountIds.length || next.radio.attachment ? next.radio : null,
  }).where(live).returning();
  // Deleted by someone else between the read and the write.
  if (!saved) throw fail.notFound();
  await forgetHeadlineReads(deps);
  const [summary] = await presentSummaries(deps, [saved], sectionMap(await allSections(deps)));
  return summary!;
}
