import { is, Param, Placeholder, sql, type Query, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * A value of a statement built once: the value itself when the statement is built for one run, or the
 * placeholder it is filled into on every run of a prepared one.
 */
export type Bindable<T> = T | Placeholder;

/** The placeholder named `name`, filled from the values a prepared statement is run with. */
export const slot = (name: string): Placeholder => sql.placeholder(name);

/**
 * The placeholder as an SQL expression, where Drizzle's types take no placeholder (an update's `set`). Its
 * value goes to the driver unencoded: pass what PostgreSQL reads for the column (a Date for a timestamp).
 */
export const slotSql = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** Every Drizzle database and transaction has them (PgDatabase's constructor sets both); the types keep them internal. */
interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

/**
 * A raw statement — CTEs over several tables, which Drizzle's query builders cannot prepare — built once
 * with placeholders (`slot(name)`) where its values go, and then run any number of times, on the pool or
 * inside a transaction. Building a Drizzle statement (its SQL text and parameter list) costs more CPU than
 * PostgreSQL spends running most of them (profiled: docs/decisions/0010-checkout-at-speed.md); built once,
 * a run only fills the values in. On node-postgres it is a named statement, so each connection also parses
 * and plans it once; PGlite runs it as text. Answers the rows as `db.execute` does (`{ rows }`: snake_case
 * names, JSON and timestamps as PostgreSQL sent them).
 *
 * A value that goes through a column of an insert or update is encoded by that column (a timestamp column
 * takes a Date, a JSON column an object; null stays NULL); anywhere else it goes to the driver as it is, so
 * pass what PostgreSQL reads for the type (numbers, strings, Dates, arrays).
 */
export class PreparedSql<Values extends Record<string, unknown> = Record<string, unknown>> {
  private query: Query | undefined;

  /**
   * `name` must be unique per statement text (node-postgres names a connection's statements by it), at
   * most 63 bytes; '' runs it unnamed. `build` gets the database only to reach Drizzle's query builders.
   */
  constructor(readonly name: string, private readonly build: (db: DbOrTx) => SQL) {}

  async rows<Row>(db: DbOrTx, values: Values): Promise<Row[]> {
    const { dialect, session } = db as unknown as DrizzleInternals;
    const query = (this.query ??= dialect.sqlToQuery(this.build(db)));
    const params = query.params.map((param) => filled(param, values));
    const result = await session.prepareQuery({ sql: query.sql, params }, undefined, this.name, false).execute();
    return (result as { rows: Row[] }).rows;
  }
}

/**
 * One parameter of a run: a placeholder's value, through its column's encoder when it has one. Drizzle's
 * own filling encodes null too (a JSON column would store the JSON `null`, a timestamp one would throw).
 */
function filled(param: unknown, values: Record<string, unknown>): unknown {
  const placeholder = is(param, Placeholder) ? param : is(param, Param) && is(param.value, Placeholder) ? param.value : null;
  if (!placeholder) return param;
  if (!(placeholder.name in values)) throw new Error(`no value for the placeholder "${placeholder.name}"`);
  const value = values[placeholder.name];
  return value === null || value === undefined || !is(param, Param) ? (value ?? null) : param.encoder.mapToDriverValue(value);
}

/**
 * A family of prepared statements whose text depends on a small shape (how many lines an order has): one
 * prepared statement per shape, built the first time that shape runs. Shapes beyond `maxShapes` are built
 * for their one run, so a caller choosing odd shapes cannot grow the set (or a connection's statements)
 * without bound.
 */
export class PreparedSqlByShape<Shape, Values extends Record<string, unknown> = Record<string, unknown>> {
  private readonly statements = new Map<string, PreparedSql<Values>>();

  constructor(
    private readonly name: string,
    private readonly keyOf: (shape: Shape) => string,
    private readonly build: (db: DbOrTx, shape: Shape) => SQL,
    private readonly maxShapes = 16,
  ) {}

  rows<Row>(db: DbOrTx, shape: Shape, values: Values): Promise<Row[]> {
    const key = this.keyOf(shape);
    let statement = this.statements.get(key);
    if (!statement) {
      // An unnamed statement: node-postgres keeps nothing of it once it has run.
      if (this.statements.size >= this.maxShapes) return new PreparedSql<Values>('', (db) => this.build(db, shape)).rows(db, values);
      this.statements.set(key, (statement = new PreparedSql<Values>(`${this.name}_${key}`, (db) => this.build(db, shape))));
    }
    return statement.rows(db, values);
  }
}
