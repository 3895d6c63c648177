import {
  MUTE_BLOCKED_ACTIONS, actionLimit, standingOf, warnBanUntil, type BarredAction, type CommunityAction,
} from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { writerStanding } from './standing-cache.ts';
import { countAttempt } from './throttle.ts';

/**
 * The mute and warn-ban half of the guard, without counting an attempt: 401 for an unknown or closed account,
 * 403 `is_mute` / `banned` for an action they stop. The upload token asks this (the images it lets through are
 * counted one by one when stored), and so does a change of the public profile text (not paced). The writer's standing comes from the per-instance cache (standing-cache.ts).
 */
export async function assertNotBarred(deps: Deps, accountId: number, action: BarredAction, now: Date = deps.clock.now()) {
  const { account, upheld } = await writerStanding(deps, accountId);
  if (!account) throw fail.unauthorized();
  if (MUTE_BLOCKED_ACTIONS.has(action)) {
    if (account.mutedUntil && account.mutedUntil > now) {
      throw fail.forbidden('is_mute', { unmute_at_timestamp: toTimestamp(account.mutedUntil) });
    }
    const banned = warnBanUntil(upheld, now);
    if (banned) throw new AppError(403, { base: ['banned'] }, { unmute_at_timestamp: toTimestamp(banned) });
  }
  return { account, upheld };
}

/**
 * The guard every community write calls before it writes (docs/product/community.md#moderation). Throws:
 * - 401 for an unknown or closed account;
 * - 403 `is_mute` (meta `unmute_at_timestamp`) while staff have muted the account, for actions that publish
 *   words (MUTE_BLOCKED_ACTIONS): the web shows the mute notice;
 * - 403 `banned` (meta `unmute_at_timestamp`) during a warn ban (three upheld reports within 30 days): the
 *   web opens the mute dialog;
 * - 429 `access_wait` too soon after the last one, `rate_limit` when the day's budget is spent (meta
 *   `retry_after`), by the account's age and standing. The attempt is counted before it is compared.
 */
export async function assertMayWrite(deps: Deps, accountId: number, action: CommunityAction, now: Date = deps.clock.now()): Promise<void> {
  const { account, upheld } = await assertNotBarred(deps, accountId, action, now);
  if (deps.config.COMMUNITY_WRITE_PACE === 'off') return;
  const limit = actionLimit(action, standingOf(account.createdAt, upheld, now));
  const { verdict, retryAfter } = await countAttempt(deps, accountId, action, limit, now);
  if (verdict !== 'ok') throw fail.tooMany(verdict, retryAfter);
}
