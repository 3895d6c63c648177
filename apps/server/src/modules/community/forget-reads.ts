import type { Deps } from '../../platform/deps.ts';
import { forgetSharedReads } from '../../platform/shared-reads.ts';

/**
 * Every shared read of community posts (the post lists, a post's page) has a key starting with this, so a post
 * hidden, deleted or put back leaves them at once, on every instance (platform/shared-reads.ts).
 */
export const POST_READS = 'community:post';
/** The shared comment lists (discussion's, keyed by site and query): a hidden post's comments go with it. */
const COMMENT_READS = 'comments:';

/** Call after the change has committed: a read between the forget and the commit would cache the old state again. */
export async function forgetPostReads(deps: Deps): Promise<void> {
  await Promise.all([forgetSharedReads(deps, POST_READS), forgetSharedReads(deps, COMMENT_READS)]);
}
