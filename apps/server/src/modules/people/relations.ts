import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { reachesBlocker } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { AccountMemo } from '../../platform/account-memo.ts';
import { peopleBlocks } from './tables.ts';

/**
 * The block list as the rest of the store asks about it (docs/product/people.md#what-a-block-does): who
 * blocked an account, whom an account blocked, and whether a write may reach someone.
 */

/** Whether `blockerId` has blocked `actorId`. */
export async function isBlockedBy(deps: Deps, blockerId: number, actorId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ one: sql<number>`1` })
    .from(peopleBlocks)
    .where(and(eq(peopleBlocks.blockerId, blockerId), eq(peopleBlocks.blockedId, actorId)))
    .limit(1);
  return row !== undefined;
}

/** The accounts among `candidates` that blocked `actorId` (all of them without candidates). */
export async function blockersOf(db: DbOrTx, actorId: number, candidates?: readonly number[]): Promise<Set<number>> {
  if (candidates && candidates.length === 0) return new Set();
  const rows = await db
    .select({ id: peopleBlocks.blockerId })
    .from(peopleBlocks)
    .where(and(eq(peopleBlocks.blockedId, actorId), candidates ? inArray(peopleBlocks.blockerId, [...new Set(candidates)]) : undefined));
  return new Set(rows.map((r) => r.id));
}

/** How long an instance keeps whom a reader blocked (docs/product/limits.md#people); a change forgets it at once. */
export const BLOCK_LIST_MEMO_SECONDS = 10;

/**
 * Whom each reader blocked, kept per instance for a few seconds (`AccountMemo`): every signed-in read of a shared
 * list asks, and it changes only when the reader blocks or unblocks, which forgets it on every instance.
 */
const hiddenByReader = new AccountMemo<ReadonlySet<number>>('people:blocks', BLOCK_LIST_MEMO_SECONDS);

/** The authors whose writing a viewer does not see: the accounts the viewer blocked. A guest hides nobody. */
export async function hiddenAuthorsFor(deps: Deps, viewerId: number | null): Promise<ReadonlySet<number>> {
  if (viewerId === null) return new Set();
  return hiddenByReader.get(deps, viewerId, async () => {
    const rows = await deps.db.select({ id: peopleBlocks.blockedId }).from(peopleBlocks).where(eq(peopleBlocks.blockerId, viewerId));
    return new Set(rows.map((r) => r.id));
  });
}

/** After a block or unblock committed: the blocker's lists hide the new set on every instance at once. */
export function forgetHiddenAuthors(deps: Deps, blockerId: number): Promise<void> {
  return hiddenByReader.forget(deps, blockerId);
}

/** Whether a block stands between two accounts, and which way. */
export async function blockBetween(db: DbOrTx, actorId: number, targetId: number) {
  const rows = await db
    .select({ blockerId: peopleBlocks.blockerId })
    .from(peopleBlocks)
    .where(or(
      and(eq(peopleBlocks.blockerId, actorId), eq(peopleBlocks.blockedId, targetId)),
      and(eq(peopleBlocks.blockerId, targetId), eq(peopleBlocks.blockedId, actorId)),
    ));
  return { actorBlockedTarget: rows.some((r) => r.blockerId === actorId), blockedByTarget: rows.some((r) => r.blockerId === targetId) };
}

/**
 * Refuses (403 `account_id: block_listed`) a write by `actorId` that reaches an account that blocked it — the
 * author of what it answers, someone it mentions, the recipient of a private message (the messaging module
 * calls this when it comes).
 */
export async function assertMayReach(deps: Deps, actorId: number, reached: readonly (number | null | undefined)[]): Promise<void> {
  const ids = reached.filter((id): id is number => id != null && id !== actorId);
  if (ids.length === 0) return;
  if (reachesBlocker(actorId, ids, await blockersOf(deps.db, actorId, ids))) throw blockListed();
}

/** 403 `<field>: block_listed`: a block stands between the two accounts. */
export const blockListed = (field = 'account_id') => new AppError(403, { [field]: ['block_listed'] });

/**
 * The same rule inside another module's writing statement, so a write allowed costs no round trip of its own:
 * true when one of the accounts in `reached` (an SQL `bigint[]`) blocked `actorId`.
 */
export function reachesBlockerSql(actorId: number | SQL, reached: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM people_blocks b WHERE b.blocked_id = ${actorId}::bigint AND b.blocker_id = ANY(${reached}) AND b.blocker_id <> ${actorId}::bigint)`;
}
