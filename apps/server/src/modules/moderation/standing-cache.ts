import { findAccounts, type Account } from '../accounts/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { AccountMemo } from '../../platform/account-memo.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';
import { upheldAgainstMany } from './upheld.ts';

/** How long an instance keeps what it read of a writer (docs/product/limits.md#community-moderation). */
export const STANDING_CACHE_SECONDS = 5;
/** The most writers an instance keeps; the longest kept go first. */
const MAX_WRITERS = 50_000;
const CHANNEL = 'moderation:standing';

/** What the guard reads of a writer: the open account (or none) and when reports against it were upheld. */
export interface WriterStanding {
  account: Account | undefined;
  upheld: Date[];
}

const standings = new AccountMemo<WriterStanding>(CHANNEL, STANDING_CACHE_SECONDS, MAX_WRITERS);

/**
 * A writer's standing for the guard (decisions/0013 "Reading the writer once"): every community write asks for
 * it, and it changes only when staff mute or unmute the account or uphold a report against it, so each
 * instance keeps it for STANDING_CACHE_SECONDS. Those changes forget the account on this instance and, through
 * the key-value store's pub/sub, on every other at once (without pub/sub, within STANDING_CACHE_SECONDS). A
 * closed account's sessions are revoked when it closes, so its writes stop at sign-in.
 */
export function writerStanding(deps: Deps, accountId: number): Promise<WriterStanding> {
  return standings.get(deps, accountId, async () => (await standingReads.load(deps, accountId))!);
}

/**
 * The standings of every writer the instance does not hold, asked for in the same turn of the event loop, read
 * together (platform/batched-loader.ts): a rush of writers costs two statements, side by side, not two each.
 */
const standingReads = new BatchedLoaders<Deps, number, WriterStanding>(async (deps, ids) => {
  const [accounts, upheld] = await Promise.all([findAccounts(deps.db, ids), upheldAgainstMany(deps.db, ids, deps.clock.now())]);
  return new Map(ids.map((id) => [id, { account: accounts.get(id), upheld: upheld.get(id) ?? [] }]));
});

/** Forgets a writer's standing here and on every other instance: call it after the change has committed. */
export function forgetStanding(deps: Deps, accountId: number): Promise<void> {
  return standings.forget(deps, accountId);
}
