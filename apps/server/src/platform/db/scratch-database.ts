import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on a PostgreSQL server (for a test file or a benchmark run): created with a random
 * name next to `baseUrl`'s database, and dropped — connections and all — by `drop()`. With `template`, a copy
 * of that database (one already migrated: test/support/template-database.ts), so migrating it finds nothing to do.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
