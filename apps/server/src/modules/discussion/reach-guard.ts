import { sql, type SQL } from 'drizzle-orm';
import { reachesBlocker } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';

/**
 * Who may reach whom (docs/product/people.md#what-a-block-does): a comment or reply may not reach — answer or
 * @mention — an account that blocked its writer, and a reader's lists leave out what the accounts they blocked
 * wrote. The block list is the people module's, above this one: it registers the guard from its `setup`, so
 * this module never imports it. Without one registered nothing is refused or hidden.
 */
export interface ReachGuard {
  /** True (as SQL) when an account in `reached` (an SQL `bigint[]`) blocked `actorId`: checked inside the writing statement. */
  sql(actorId: number | SQL, reached: SQL): SQL;
  /** The accounts among `candidates` that blocked `actorId` (to say why a write was refused). */
  blockersOf(deps: Deps, actorId: number, candidates: readonly number[]): Promise<ReadonlySet<number>>;
  /** The authors a viewer does not see: the accounts the viewer blocked. */
  hiddenFrom(deps: Deps, viewerId: number): Promise<ReadonlySet<number>>;
}

let guard: ReachGuard | null = null;

/** Registers (or replaces) the guard; the people module calls it from its `setup`. */
export function registerReachGuard(next: ReachGuard): void {
  guard = next;
}

/** The guard's SQL, or `false` without one. */
export function reachRefusedSql(actorId: number | SQL, reached: SQL): SQL {
  return guard ? guard.sql(actorId, reached) : sql`false`;
}

/** Whether a write by `actorId` reaching `reached` is refused (the same rule as the SQL, in the domain's words). */
export async function reachRefused(deps: Deps, actorId: number, reached: readonly (number | null | undefined)[]): Promise<boolean> {
  const ids = reached.filter((id): id is number => id != null && id !== actorId);
  if (!guard || ids.length === 0) return false;
  return reachesBlocker(actorId, ids, await guard.blockersOf(deps, actorId, ids));
}

/** The authors hidden from a viewer (none for a guest, or without a guard). */
export async function hiddenAuthors(deps: Deps, viewerId: number | null): Promise<ReadonlySet<number>> {
  if (!guard || viewerId === null) return new Set();
  return guard.hiddenFrom(deps, viewerId);
}
