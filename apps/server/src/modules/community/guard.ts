import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { accountSummaries } from '../accounts/index.ts';

export type CommunityWriteAction = 'post' | 'review';

/**
 * THE gate of every community write (a post, a review, a draft saved or published): nothing is written
 * without passing here. For now it checks the writer is signed in (401) and not muted (403 `is_mute`,
 * docs/product/community.md#muted) and hands the texts back unchanged.
 *
 * WIRING POINT (merge): the moderation module replaces this body with its calls — rate limits by account
 * age and standing, watched words (block → `banned`, censor → the texts it returns, require approval, flag).
 * Callers store exactly the texts this returns, in the order given.
 */
export async function guardCommunityWrite(deps: Deps, accountId: number | null, action: CommunityWriteAction, texts: string[]): Promise<string[]> {
  void action;
  if (accountId === null) throw fail.unauthorized();
  const account = (await accountSummaries(deps.db, [accountId])).get(accountId);
  if (!account) throw fail.unauthorized();
  if (account.muted_until !== null && account.muted_until > deps.clock.now()) {
    throw new AppError(403, { account: ['is_mute'] }, { unmute_at_timestamp: Math.floor(account.muted_until.getTime() / 1000) });
  }
  return texts;
}

export interface PostCounts {
  likes_count: number;
  comments_count: number;
}

/**
 * Likes and comments of posts, by id. WIRING POINT (merge): the discussion module owns these counters;
 * the lead replaces this body with its call. Until then every post has none.
 */
export async function postCounts(deps: Deps, ids: readonly number[]): Promise<Map<number, PostCounts>> {
  void deps;
  return new Map(ids.map((id) => [id, { likes_count: 0, comments_count: 0 }]));
}
