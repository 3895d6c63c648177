import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { holdConnection } from '../../src/platform/db/client.ts';
import { findingsOf } from '../support/one-query-at-a-time.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A connection held out of the pool (a checkout lane, the pay locks' session) is checked by the set-up too; only
 * PostgreSQL has such connections (PGlite has one connection for everything), so this runs in its tier.
 */
const { t } = useTestApp();

describe('one statement at a time on a held connection', () => {
  it('refuses two statements on one held connection outside a transaction (PostgreSQL)', async () => {
    const held = await holdConnection(t.deps.db);
    try {
      const found = await findingsOf(() => Promise.all([held.db.execute(sql`select pg_sleep(0.05)`), held.db.execute(sql`select 2`)]));
      expect(found.map((e) => e.message)).toEqual([expect.stringMatching(/^PostgreSQL connection: .*select 2$/)]);
    } finally {
      held.release();
    }
  });

});
