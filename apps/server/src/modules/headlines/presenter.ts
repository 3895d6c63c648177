import type { HeadlineSection, HeadlineSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { publicAccountsByIds, type PublicAccount } from '../accounts/index.ts';
import { discussionCounts } from '../discussion/index.ts';
import { headlines, headlineSections } from './tables.ts';

export type HeadlineRow = typeof headlines.$inferSelect;
export type SectionRow = typeof headlineSections.$inferSelect;

export const presentSection = (s: SectionRow): HeadlineSection => ({ id: s.id, name: s.name, category: s.category, parent_id: s.parentId, kind: s.kind });

/** An author as comments show one; a closed account keeps its writing, without a name. */
export const authorOf = (id: number, found: PublicAccount | undefined) => ({ id, nickname: found?.nickname ?? '', avatar_url: found?.avatarUrl ?? null });

/**
 * Headlines as lists show them, in the order given: authors in one query, likes and comments in one (the
 * discussion module's counters), the section's category from the sections given.
 */
export async function presentSummaries(deps: Deps, rows: readonly HeadlineRow[], sections: ReadonlyMap<number, SectionRow>): Promise<HeadlineSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [authors, counts] = await Promise.all([
    publicAccountsByIds(deps.db, rows.map((r) => r.accountId)),
    discussionCounts(deps, 'Headline', ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    section_id: r.sectionId,
    category: sections.get(r.sectionId)?.category ?? 'news',
    title: r.title,
    summary: r.summary,
    cover_url: r.coverUrl,
    author: authorOf(r.accountId, authors.get(r.accountId)),
    likes_count: counts.get(r.id)?.likes ?? 0,
    comments_count: counts.get(r.id)?.comments ?? 0,
    published_at_timestamp: toTimestamp(r.publishedAt),
  }));
}
