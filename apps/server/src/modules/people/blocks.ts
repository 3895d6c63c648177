import { and, count, desc, eq, or } from 'drizzle-orm';
import { BLOCK_MESSAGES, blockRefusal, type BlockRefusal } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { lockedTransaction } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findAccount, publicAccountsByIds } from '../accounts/index.ts';
import { listWriteLocks } from './follows.ts';
import { forgetHiddenAuthors } from './relations.ts';
import { forgetFollowed } from './follows.ts';
import { peopleBlocks, peopleFollows } from './tables.ts';

const REFUSALS: Record<BlockRefusal, () => AppError> = {
  invalid: () => fail.unprocessable('blockAccountId', 'invalid'),
  closed: () => new AppError(404, { blockAccountId: ['closed'] }),
  out_limit: () => fail.unprocessable('blockAccountId', 'out_limit'),
};

/**
 * Blocks an account (docs/product/people.md#block-list) and, in the same transaction, ends follows both ways
 * (decisions/0023). Blocking again changes nothing and answers "blocked" again. Refused: oneself (422), a
 * missing or closed account (404 `closed`), a full list (422 `out_limit`).
 */
export async function block(deps: Deps, actorId: number, targetId: number) {
  const done = await lockedTransaction(deps.db, listWriteLocks(actorId, targetId), async (tx) => {
    // One statement at a time: a transaction is one connection (docs/decisions/0057).
    const target = actorId === targetId ? undefined : await findAccount(tx, targetId);
    const [listed] = await tx.select({ n: count() }).from(peopleBlocks).where(eq(peopleBlocks.blockerId, actorId));
    const [already] = await tx.select({ n: count() }).from(peopleBlocks).where(and(eq(peopleBlocks.blockerId, actorId), eq(peopleBlocks.blockedId, targetId)));
    const refusal = blockRefusal({ actorId, targetId, targetOpen: target !== undefined, listed: listed!.n, alreadyBlocked: already!.n > 0 });
    if (refusal) throw REFUSALS[refusal]();
    await tx.insert(peopleBlocks).values({ blockerId: actorId, blockedId: targetId, createdAt: deps.clock.now() }).onConflictDoNothing();
    await tx.delete(peopleFollows).where(or(
      and(eq(peopleFollows.followerId, actorId), eq(peopleFollows.followeeId, targetId)),
      and(eq(peopleFollows.followerId, targetId), eq(peopleFollows.followeeId, actorId)),
    ));
    return { blockAccountId: targetId, message: BLOCK_MESSAGES.added };
  });
  // The block ended follows both ways.
  await Promise.all([forgetHiddenAuthors(deps, actorId), forgetFollowed(deps, actorId), forgetFollowed(deps, targetId)]);
  return done;
}

/** Takes an account off the block list; one not on it changes nothing. Follows ended by the block stay ended. */
export async function unblock(deps: Deps, actorId: number, targetId: number) {
  await deps.db.delete(peopleBlocks).where(and(eq(peopleBlocks.blockerId, actorId), eq(peopleBlocks.blockedId, targetId)));
  await forgetHiddenAuthors(deps, actorId);
  return { blockAccountId: targetId, message: BLOCK_MESSAGES.removed };
}

/** The viewer's block list, newest first; a closed account stays listed (without a name) so it can be removed. */
export async function blockList(deps: Deps, actorId: number, page: number, size: number) {
  const where = eq(peopleBlocks.blockerId, actorId);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(peopleBlocks).where(where).orderBy(desc(peopleBlocks.createdAt), desc(peopleBlocks.blockedId)).limit(size).offset((page - 1) * size),
    deps.db.select({ n: count() }).from(peopleBlocks).where(where),
  ]);
  const accounts = await publicAccountsByIds(deps.db, rows.map((r) => r.blockedId));
  return {
    list: rows.map((r) => {
      const account = accounts.get(r.blockedId);
      return { blockAccountId: r.blockedId, nickname: account?.nickname ?? '', avatarUrl: account?.avatarUrl ?? null, createdTimestamp: toTimestamp(r.createdAt) };
    }),
    total: total!.n,
    page,
    size,
  };
}
