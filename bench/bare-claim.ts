import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/platform/db/client.ts';

/**
 * The baseline the rush benches (flash sale, lottery, red packets) divide by: `POST /bench/claim` claims one of
 * `units` rows with FOR UPDATE SKIP LOCKED and inserts one row, in one transaction, on the server under test.
 */
export async function registerBareClaim(app: FastifyInstance, db: Db, units: number): Promise<void> {
  await db.execute(sql`CREATE TABLE bench_units (id bigserial PRIMARY KEY, claimed boolean NOT NULL DEFAULT false)`);
  await db.execute(sql`CREATE INDEX bench_units_free ON bench_units (id) WHERE NOT claimed`);
  await db.execute(sql`CREATE TABLE bench_claims (id bigserial PRIMARY KEY, unit_id bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  await db.execute(sql`INSERT INTO bench_units (claimed) SELECT false FROM generate_series(1, ${units}::int)`);
  app.post('/bench/claim', async () => db.transaction(async (tx) => {
    const claimed = (await tx.execute(sql`UPDATE bench_units SET claimed = true WHERE id = (SELECT id FROM bench_units WHERE NOT claimed ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`)) as unknown as { rows: { id: string }[] };
    const unit = claimed.rows[0];
    if (!unit) return { ok: false };
    await tx.execute(sql`INSERT INTO bench_claims (unit_id) VALUES (${unit.id})`);
    return { ok: true };
  }));
}
