import { sql } from 'drizzle-orm';
import type { LivePosition } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { EVERYONE, type LiveEvent } from './event-shape.ts';

/**
 * What a stream reads from the database, the source of truth: where an account's stream and the everyone
 * stream stand, and the events between two positions (docs/product/messaging.md#live-push).
 */
export interface LiveReader {
  positions(accountId: number): Promise<LivePosition>;
  /** Events with from.own < seq ≤ to.own on the account's stream and from.everyone < seq ≤ to.everyone on everyone's: the account's first, each stream in its order. */
  between(accountId: number, from: LivePosition, to: LivePosition): Promise<LiveEvent[]>;
}

export function databaseReader(db: DbOrTx): LiveReader {
  return {
    async positions(accountId) {
      const rows = await rowsOf<{ account_id: string | number; seq: string | number }>(db, sql`
        select account_id, seq from live_streams where account_id in (${accountId}, ${EVERYONE})`);
      const seqOf = (id: number) => Number(rows.find((row) => Number(row.account_id) === id)?.seq ?? 0);
      return { own: seqOf(accountId), everyone: seqOf(EVERYONE) };
    },
    async between(accountId, from, to) {
      if (to.own <= from.own && to.everyone <= from.everyone) return [];
      const rows = await rowsOf<{ account_id: string | number; seq: string | number; type: string; data: unknown; created_at: string | Date }>(db, sql`
        select account_id, seq, type, data, created_at from live_events
        where (account_id = ${accountId} and seq > ${from.own} and seq <= ${to.own})
           or (account_id = ${EVERYONE} and seq > ${from.everyone} and seq <= ${to.everyone})
        order by account_id = ${EVERYONE}, seq`);
      return rows.map((row) => ({
        accountId: Number(row.account_id),
        seq: Number(row.seq),
        type: row.type,
        data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}
