import { sql } from 'drizzle-orm';
import { boolean, check, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The columns of something staff show for a while (a coupon area, a gift pack, a points-shop item, a vote):
 * shown from `from_at` until `to_at` — for good when that is null — unless staff closed it, with when it was
 * made and last changed. Spread into a table's columns; `windowValid` is its check.
 */
export const openEndedWindow = () => ({
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }),
  closed: boolean('closed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The window ends after it starts, if it ends at all: `<table>_window_valid`. */
export const windowValid = (table: string, t: { fromAt: AnyPgColumn; toAt: AnyPgColumn }) =>
  check(`${table}_window_valid`, sql`${t.toAt} IS NULL OR ${t.toAt} > ${t.fromAt}`);
