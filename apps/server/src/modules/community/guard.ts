import type { Deps } from '../../platform/deps.ts';
import type { Area, ScreenAction } from '@lantern/domain';
import { fail } from '../../platform/errors.ts';
import { assertMayWrite, screenText } from '../moderation/index.ts';
import { discussionCounts, unseenCommentCounts } from '../discussion/index.ts';
import { accountSummaries } from '../accounts/index.ts';

export type CommunityWriteAction = 'post' | 'review';

/**
 * THE gate of every community write (a post, a review, a draft saved or published): nothing is written
 * without passing here (docs/product/community.md#moderation).
 * - Always: a guest is 401; a muted account is 403 `is_mute` (meta `unmute_at_timestamp`).
 * - When the words go live (`live`: publishing, or editing what is published): moderation's guard — mute,
 *   warn ban, the write pace for the account's age and standing, counted before it compares — and then the
 *   watched words of the site: `block` refuses (422 `censor_words: banned`, shown as nothing), `censor` masks
 *   the word in the texts returned; `require_approval` answers that action, and the caller stores the post
 *   `pending` for staff (decisions/0020); `flag` answers that action and the words, and the caller publishes
 *   and files a system report. A draft nobody else sees is stored as typed and screened when it is published.
 * Callers store exactly the texts this returns, in the order given.
 */
export async function guardCommunityWrite(deps: Deps, accountId: number | null, action: CommunityWriteAction, texts: string[], options: { area: Area; live: boolean }): Promise<Screened> {
  if (accountId === null) throw fail.unauthorized();
  if (!options.live) {
    const account = (await accountSummaries(deps.db, [accountId])).get(accountId);
    if (!account) throw fail.unauthorized();
    if (account.muted_until !== null && account.muted_until > deps.clock.now()) {
      throw fail.forbidden('is_mute', { unmute_at_timestamp: Math.floor(account.muted_until.getTime() / 1000) });
    }
    return { texts, action: 'allow', words: [] };
  }
  await assertMayWrite(deps, accountId, action);
  if (texts.length === 0) return { texts, action: 'allow', words: [] };
  return screenText(deps, texts, options.area);
}

export interface Screened {
  texts: string[];
  action: ScreenAction;
  words: string[];
}

export interface PostCounts {
  likes_count: number;
  comments_count: number;
}

/**
 * Likes and comments of posts, by id: the discussion module keeps them (the `Post` target). For a reader hiding
 * some accounts (`hidden`, whom they blocked), the comments are the reader's: without what those accounts wrote,
 * as the post's comment list shows it (docs/product/people.md#what-a-block-does).
 */
export async function postCounts(deps: Deps, ids: readonly number[], hidden: readonly number[] = []): Promise<Map<number, PostCounts>> {
  const [counts, unseen] = await Promise.all([discussionCounts(deps, 'Post', ids), unseenCommentCounts(deps, 'Post', ids, hidden)]);
  return new Map(ids.map((id) => [id, { likes_count: counts.get(id)?.likes ?? 0, comments_count: Math.max(0, (counts.get(id)?.comments ?? 0) - (unseen.get(id) ?? 0)) }]));
}
