import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';

/**
 * `npm run db:migrate`: applies every committed migration to the database main.ts would use, then exits.
 * A deploy runs it once before starting (or replacing) instances, so a long migration holds up the deploy
 * rather than the first instance's readiness, and a migration that fails stops the deploy with nothing started
 * (docs/operations.md#production-behind-nginx). Starting servers still migrate too, under an advisory lock;
 * after this command they find nothing left to do.
 */
async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const started = Date.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DIR });
  await database.close();
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite (${config.PGLITE_DIR})`;
  console.log(`Migrations applied on ${where} in ${Date.now() - started} ms.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
