import { and, eq, isNull } from 'drizzle-orm';
import { headlineSummaryOf } from '@lantern/domain';
import type { HeadlineDetail } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { plainTextOf } from '../community/index.ts';
import { presentDrafts } from './drafts.ts';
import { presentArticleParts } from './headlines.ts';
import { presentSection } from './presenter.ts';
import { allSections } from './sections.ts';
import { headlineDrafts } from './tables.ts';

/**
 * GET /api/admin/headline_drafts/{id}/preview (staff; decisions/0035): a submitted draft of this site as the
 * article publishing it now would answer — the same summary rule, section, games priced for the reader's site
 * and hosts — so staff read what readers will before pressing publish. `preview.id` is the draft's (there is no
 * article yet); it has no likes or comments. 404 for another site's or a deleted draft, 422 `status_invalid`
 * when it is not waiting for a decision, `section_id: invalid` when its section is gone.
 */
export async function previewDraft(deps: Deps, viewer: Viewer, id: number): Promise<{ headline_draft: Awaited<ReturnType<typeof presentDrafts>>[number]; preview: HeadlineDetail }> {
  const [row] = await deps.db.select().from(headlineDrafts).where(and(eq(headlineDrafts.id, id), eq(headlineDrafts.area, viewer.area), isNull(headlineDrafts.deletedAt))).limit(1);
  if (!row) throw fail.notFound();
  if (row.status !== 'submitted') throw fail.unprocessable('status', 'status_invalid');
  const section = (await allSections(deps)).find((s) => s.id === row.sectionId);
  if (!section) throw fail.unprocessable('section_id', 'invalid');
  const [[draft], parts] = await Promise.all([presentDrafts(deps.db, [row]), presentArticleParts(deps, viewer, row)]);
  return {
    headline_draft: draft!,
    preview: {
      id: row.id,
      section_id: section.id,
      category: section.category,
      title: row.title,
      summary: headlineSummaryOf(row.summary, plainTextOf(row.contentHtml)),
      cover_url: row.coverUrl,
      author: draft!.author,
      likes_count: 0,
      comments_count: 0,
      published_at_timestamp: toTimestamp(deps.clock.now()),
      content: row.contentHtml,
      section: presentSection(section),
      ...parts,
      like_type: null,
      moderation_state: 'published',
    },
  };
}
