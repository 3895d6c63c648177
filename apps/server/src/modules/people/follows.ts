import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { followRefusal, type FollowRefusal } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { lockedTransaction, type DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findAccount, publicAccountsByIds } from '../accounts/index.ts';
import { AccountMemo } from '../../platform/account-memo.ts';
import { blockBetween, hiddenAuthorsFor } from './relations.ts';
import { notify } from '../notifications/index.ts';
import { assertMayWrite } from '../moderation/index.ts';
import { pushLiveEvents } from '../live/index.ts';
import { peopleFollows } from './tables.ts';

/**
 * One lock per pair of accounts, whichever acts: a follow and a block between the same two accounts run one
 * after the other, so a follow can never slip in beside a block that removes follows (decisions/0023).
 */
export const pairLock = (a: number, b: number) => `people:${Math.min(a, b)}:${Math.max(a, b)}`;

/**
 * The locks of a write by `actorId` that counts the actor's own list against its most (follows, blocks): the
 * pair's, and the actor's own, so parallel follows or blocks of different accounts are counted one after the
 * other and never pass the most together. Sorted, as every caller's are, so no two writes wait in a circle.
 */
export const listWriteLocks = (actorId: number, targetId: number) => [pairLock(actorId, targetId), `people:account:${actorId}`].sort();

const REFUSALS: Record<FollowRefusal, () => AppError> = {
  invalid: () => fail.unprocessable('account_id', 'invalid'),
  // The target-closed message: a missing account and a closed one look the same.
  closed: () => new AppError(404, { account_id: ['closed'] }),
  block_listed: () => new AppError(403, { account_id: ['block_listed'] }),
  out_limit: () => fail.unprocessable('follow', 'out_limit'),
};

async function followersCount(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(peopleFollows).where(eq(peopleFollows.followeeId, accountId));
  return row!.n;
}

/** The follow state of one account as the actor now sees it. */
const stateOf = async (db: DbOrTx, targetId: number, following: boolean) => ({
  follow: { account_id: targetId, following, followers_count: await followersCount(db, targetId) },
});

/**
 * Follows an account (docs/product/people.md#follows). Following one already followed changes nothing. Refused:
 * oneself (422), a missing or closed account (404 `account_id: closed`, the target-closed message), across a
 * block either way (403 `block_listed`), past the most follows (422 `follow: out_limit`), faster than the write
 * pace for follows and unfollows together (429 `access_wait` / `rate_limit`).
 */
export async function follow(deps: Deps, actorId: number, targetId: number) {
  // Paced with unfollows through moderation's write pace (docs/product/people.md#follows): each follow tells someone.
  await assertMayWrite(deps, actorId, 'follow');
  const { state, events } = await lockedTransaction(deps.db, listWriteLocks(actorId, targetId), async (tx) => {
    // One statement at a time: a transaction is one connection (docs/decisions/0057).
    const target = actorId === targetId ? undefined : await findAccount(tx, targetId);
    const block = await blockBetween(tx, actorId, targetId);
    const [following] = await tx.select({ n: count() }).from(peopleFollows).where(eq(peopleFollows.followerId, actorId));
    const refusal = followRefusal({ actorId, targetId, targetOpen: target !== undefined, block, following: following!.n });
    if (refusal) throw REFUSALS[refusal]();
    const added = await tx.insert(peopleFollows).values({ followerId: actorId, followeeId: targetId, createdAt: deps.clock.now() }).onConflictDoNothing().returning({ id: peopleFollows.followeeId });
    const state = await stateOf(tx, targetId, true);
    // The followed account is told once per follow (following again changes nothing): last, its counters' lock held briefly.
    const events = added.length === 0 ? [] : await notify(tx, deps, { recipientId: targetId, kind: 'follow', actorId, excerpt: '', href: `/users/${actorId}` });
    return { state, events };
  });
  await forgetFollowed(deps, actorId);
  await pushLiveEvents(deps, events);
  return state;
}

/** Stops following an account; one not followed (or missing) changes nothing. Paced with follows. */
export async function unfollow(deps: Deps, actorId: number, targetId: number) {
  await assertMayWrite(deps, actorId, 'follow');
  await deps.db.delete(peopleFollows).where(and(eq(peopleFollows.followerId, actorId), eq(peopleFollows.followeeId, targetId)));
  await forgetFollowed(deps, actorId);
  return stateOf(deps.db, targetId, false);
}

/** The accounts `accountId` follows (`following`) or that follow it (`followers`). */
export type FriendsKind = 'following' | 'followers';

/**
 * An account's friends, newest first (docs/product/people.md#friends): open accounts only, without those the
 * viewer blocked; each says whether the viewer follows it. A missing or closed account is 404.
 */
export async function listFriends(deps: Deps, accountId: number, viewerId: number | null, kind: FriendsKind, page: number, per: number) {
  if (!(await findAccount(deps.db, accountId))) throw fail.notFound('account_id');
  const mine = kind === 'following' ? peopleFollows.followerId : peopleFollows.followeeId;
  const theirs = kind === 'following' ? peopleFollows.followeeId : peopleFollows.followerId;
  const where = eq(mine, accountId);
  const [rows, [total], [followingCount], followers, hidden] = await Promise.all([
    deps.db.select({ id: theirs, at: peopleFollows.createdAt }).from(peopleFollows).where(where)
      .orderBy(desc(peopleFollows.createdAt), desc(theirs)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(peopleFollows).where(where),
    deps.db.select({ n: count() }).from(peopleFollows).where(eq(peopleFollows.followerId, accountId)),
    followersCount(deps.db, accountId),
    hiddenAuthorsFor(deps, viewerId),
  ]);
  const shown = rows.filter((r) => !hidden.has(r.id));
  const ids = shown.map((r) => r.id);
  const [accounts, viewerFollows] = await Promise.all([
    publicAccountsByIds(deps.db, ids),
    viewerId === null || ids.length === 0
      ? Promise.resolve(new Set<number>())
      : deps.db.select({ id: peopleFollows.followeeId }).from(peopleFollows)
          .where(and(eq(peopleFollows.followerId, viewerId), inArray(peopleFollows.followeeId, ids)))
          .then((found) => new Set(found.map((f) => f.id))),
  ]);
  return {
    friends: shown.flatMap((r) => {
      const account = accounts.get(r.id);
      if (!account) return [];
      return [{ id: account.id, nickname: account.nickname, avatar_url: account.avatarUrl, followed_at_timestamp: toTimestamp(r.at), following: viewerFollows.has(account.id) }];
    }),
    following_count: followingCount!.n,
    followers_count: followers,
    meta: { total_count: total!.n, page, per },
  };
}

/** Whether the viewer follows the account (the personal page's button). */
export async function followState(deps: Deps, viewerId: number | null, accountId: number) {
  const [followers, row] = await Promise.all([
    followersCount(deps.db, accountId),
    viewerId === null
      ? Promise.resolve(undefined)
      : deps.db.select({ id: peopleFollows.followeeId }).from(peopleFollows)
          .where(and(eq(peopleFollows.followerId, viewerId), eq(peopleFollows.followeeId, accountId))).then((r) => r[0]),
  ]);
  return { following: row !== undefined, followers_count: followers };
}

/** The accounts an account follows (the talks feed's authors). */
/** How long an instance keeps whom a reader follows, for their feed (docs/product/limits.md#people); a change forgets it at once. */
export const FOLLOW_LIST_MEMO_SECONDS = 10;

/**
 * Whom each reader follows, kept per instance for a few seconds (`AccountMemo`): every page of the follow feed
 * asks, and it changes only when the reader follows, unfollows or a block ends a follow, which forget it on
 * every instance.
 */
const followedByReader = new AccountMemo<readonly number[]>('people:follows', FOLLOW_LIST_MEMO_SECONDS);

/** The accounts `accountId` follows. */
export async function followedIds(deps: Deps, accountId: number): Promise<readonly number[]> {
  return followedByReader.get(deps, accountId, async () => {
    const rows = await deps.db.select({ id: peopleFollows.followeeId }).from(peopleFollows).where(eq(peopleFollows.followerId, accountId));
    return rows.map((r) => r.id);
  });
}

/** After a follow ended or began for `followerId` committed: its feed reads the new list on every instance. */
export function forgetFollowed(deps: Deps, followerId: number): Promise<void> {
  return followedByReader.forget(deps, followerId);
}
