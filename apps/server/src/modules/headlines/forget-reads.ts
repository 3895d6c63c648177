import type { Deps } from '../../platform/deps.ts';
import { forgetSharedReads } from '../../platform/shared-reads.ts';

/**
 * Every shared read of headlines (lists, the headline page, articles, their first comments) has a key starting
 * with this, so a change every reader must see at once — an article published, hidden, restored or deleted, a
 * section changed — forgets them all on every instance (platform/shared-reads.ts).
 */
export const HEADLINE_READS = 'headline';

export function forgetHeadlineReads(deps: Deps): Promise<void> {
  return forgetSharedReads(deps, HEADLINE_READS);
}
