import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import type { LikeTargetType } from './targets.ts';

/** One reader's reaction to one target, as a batch key: `type|account|target`. */
type ReactionKey = `${LikeTargetType}|${number}|${number}`;

/**
 * Every reader's reactions asked for in the same turn of the event loop, in one statement: each key is one
 * primary-key lookup of `discussion_reactions`. A signed-in article or comment page is a shared read with the
 * reader's like laid over (decisions/0022 "Reading at speed"); under load, that like was a round trip of its own
 * per request, and the round trips, not the lookups, held the page at a sixth of a bare route.
 */
const reactionReads = new BatchedLoaders<Db, ReactionKey, 1 | 2>(async (db, keys) => {
  const parts = keys.map((key) => key.split('|'));
  const rows = await rowsOf<{ target_type: LikeTargetType; account_id: string | number; target_id: string | number; state: number }>(db, sql`
    SELECT r.target_type, r.account_id, r.target_id, r.state
      FROM unnest(${sql.param(parts.map((p) => p[0]))}::text[], ${sql.param(parts.map((p) => Number(p[1])))}::bigint[], ${sql.param(parts.map((p) => Number(p[2])))}::bigint[]) AS k(target_type, account_id, target_id)
      JOIN discussion_reactions r ON r.target_type = k.target_type AND r.target_id = k.target_id AND r.account_id = k.account_id`);
  return new Map(rows.map((r) => [`${r.target_type}|${Number(r.account_id)}|${Number(r.target_id)}` as ReactionKey, r.state as 1 | 2]));
});

/** The account's like (1) or dislike (2) of each target among ids that has one, batched with other readers'. */
export async function batchedReactionsOf(db: Db, accountId: number, type: LikeTargetType, ids: readonly number[]): Promise<Map<number, 1 | 2>> {
  const unique = [...new Set(ids)];
  const states = await Promise.all(unique.map((id) => reactionReads.load(db, `${type}|${accountId}|${id}`)));
  const found = new Map<number, 1 | 2>();
  unique.forEach((id, i) => { if (states[i] !== undefined) found.set(id, states[i]!); });
  return found;
}
