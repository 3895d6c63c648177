import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * A row PostgreSQL answered as JSON (`row_to_json`, `json_agg`), read back into the shape Drizzle gives
 * for the table: snake_case names to the table's keys, each value through its column's own mapping
 * (timestamps to Dates, bigints to numbers). It lets one statement answer rows of several tables, or rows
 * written by a CTE, where a Drizzle select would answer one table per statement.
 */
export function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** The rows of a raw statement, on node-postgres and PGlite alike (both answer `{ rows }`). */
export async function rowsOf<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}
