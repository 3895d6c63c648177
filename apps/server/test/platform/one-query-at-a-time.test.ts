import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findingsOf } from '../support/one-query-at-a-time.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The set-up every server test file runs with (test/support/one-query-at-a-time.ts) refuses a second statement on a
 * connection while one is pending (docs/decisions/0057). Proven here on whichever database the tier runs:
 * PostgreSQL checks every connection, PGlite each transaction (a held connection: one-query-at-a-time.postgres.test.ts).
 */
const { t } = useTestApp();

describe('one statement at a time on a connection', () => {
  it('refuses two statements of one transaction sent together', async () => {
    const found = await findingsOf(() => t.deps.db.transaction((tx) => Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 2`)])));
    expect(found).toHaveLength(1);
    expect(found[0]!.name).toBe('ConcurrentQueryError');
    expect(found[0]!.message).toMatch(/still pending.*select 2/);
  });

  it('lets the same statements through one after the other, and leaves the transaction usable', async () => {
    let rows: unknown;
    const found = await findingsOf(async () => {
      rows = await t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.01)`);
        return tx.execute(sql`select 2 as two`);
      });
    });
    expect(found).toEqual([]);
    expect((rows as { rows: { two: number }[] }).rows[0]!.two).toBe(2);
  });

  it('lets statements of different requests run at once on the pool', async () => {
    let answers: unknown[] = [];
    const found = await findingsOf(async () => {
      answers = await Promise.all([1, 2, 3].map((n) => t.deps.db.execute(sql`select ${n}::int as n`)));
    });
    expect(found).toEqual([]);
    expect(answers.map((a) => (a as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([1, 2, 3]);
  });
});
