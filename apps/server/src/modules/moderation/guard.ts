import { and, eq, gt, sql } from 'drizzle-orm';
import {
  MUTE_BLOCKED_ACTIONS, STANDING_WINDOW_DAYS, actionLimit, standingOf, warnBanUntil, type CommunityAction,
} from '@lantern/domain';
import { findAccount } from '../accounts/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { moderationReports } from './tables.ts';
import { countAttempt } from './throttle.ts';

/** When each distinct target of the account's upheld reports was resolved, within the standing window. */
export async function upheldAgainst(db: DbOrTx, accountId: number, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - STANDING_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({ at: sql<string>`max(${moderationReports.resolvedAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(moderationReports)
    .where(and(eq(moderationReports.targetAuthorId, accountId), eq(moderationReports.status, 'upheld'), gt(moderationReports.resolvedAt, since)))
    .groupBy(moderationReports.targetType, moderationReports.targetId);
  return rows.map((r) => r.at);
}

/**
 * The mute and warn-ban half of the guard, without counting an attempt: 401 for an unknown or closed account,
 * 403 `is_mute` / `banned` for an action they stop. The upload token asks this (the images it lets through are
 * counted one by one when stored).
 */
export async function assertNotBarred(deps: Deps, accountId: number, action: CommunityAction, now: Date = deps.clock.now()) {
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.unauthorized();
  const upheld = await upheldAgainst(deps.db, accountId, now);
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
