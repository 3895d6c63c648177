import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { holdConnection, type Db } from '../../src/platform/db/client.ts';
import { takeKeysAndDeliver } from '../../src/modules/keys/pool.ts';
import { useTestApp } from '../support/test-app.ts';
import { makeSku } from '../support/catalog-factories.ts';

/**
 * The pool's prepared pick (docs/performance.md, "Prepared statements"): its text names the `available` state as a
 * literal, so PostgreSQL's generic plan can use the pool's partial index and each connection plans the statement
 * once, not on every payment. With the state bound as a parameter the generic plan cannot use that index, and with
 * a bench's statistics PostgreSQL planned every run afresh (more than a third of the pick's time in a sold-out rush). Only PostgreSQL
 * keeps a connection's prepared statements and their generic plans, so this runs in its tier.
 */
const { t } = useTestApp();

describe('the key pool\'s prepared pick', () => {
  it('has a generic plan that picks through the pool\'s partial index, so a connection need not plan it on every run', async () => {
    const sku = await makeSku(t);
    const held = await holdConnection(t.deps.db);
    try {
      // Run once so the connection holds the named statement (the SKU's pool is empty: a holder of no real order is fine).
      await held.db.transaction((tx) => takeKeysAndDeliver(tx, sku.id, [{ orderGameId: 0, unit: 1, accountId: 0, orderId: 0 }], t.clock.now()));
      const [statement] = await rowsOn(held.db, sql`select cardinality(parameter_types) as parameters from pg_prepared_statements where name = 'keys_take_and_deliver_many'`);
      expect(statement).toBeDefined();
      // The plan PostgreSQL keeps once it stops planning each run: what it can do without knowing the values.
      await held.db.execute(sql`set plan_cache_mode = force_generic_plan`);
      const values = sql.raw(Array.from({ length: Number(statement!.parameters) }, () => 'null').join(', '));
      const plan = (await rowsOn(held.db, sql`explain execute keys_take_and_deliver_many(${values})`)).map((row) => String(Object.values(row)[0])).join('\n');
      await held.db.execute(sql`reset plan_cache_mode`);
      expect(plan).toContain('game_keys_available_idx');
    } finally {
      held.release();
    }
  });
});

async function rowsOn(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}
