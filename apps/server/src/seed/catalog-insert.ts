import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../platform/db/client.ts';

/**
 * Inserts rows in multi-row batches and returns the inserted rows in the order given (PostgreSQL returns
 * a multi-row insert's rows in VALUES order). Batches keep each statement well under the parameter limit.
 */
export async function insertAll<T extends PgTable>(db: DbOrTx, table: T, rows: Array<T['$inferInsert']>, batchSize = 500): Promise<Array<T['$inferSelect']>> {
  const out: Array<T['$inferSelect']> = [];
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    if (batch.length === 0) continue;
    const inserted = (await db.insert(table).values(batch).returning()) as Array<T['$inferSelect']>;
    out.push(...inserted);
  }
  return out;
}

/** The same, for link tables whose inserted rows the caller does not need back. */
export async function insertMany<T extends PgTable>(db: DbOrTx, table: T, rows: Array<T['$inferInsert']>, batchSize = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    if (batch.length > 0) await db.insert(table).values(batch);
  }
}
