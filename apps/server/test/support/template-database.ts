import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/client.ts';

/**
 * One migrated database a test run copies for every test file, instead of each file building its own from
 * nothing: a new PGlite cluster costs seconds of WebAssembly before the first migration, and the server tier
 * opens one per file. Vitest's global setup (`setup`, run once per `vitest run`) makes the template for the
 * current migrations — a dump of a migrated PGlite in the temporary folder, and with DATABASE_URL a migrated
 * database on that server — and `createTestApp` copies it (test/support/template-copies.ts). Both are named by a hash of the migrations, so a
 * schema change makes a new one and a template is never used for other migrations than its own; migrations
 * still run on every copy and find nothing to do.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of a dumped, migrated PGlite data directory. */
    pgliteTemplate: string;
    /** The name of a migrated database next to DATABASE_URL's, when it is set. */
    postgresTemplate: string | undefined;
  }
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A short hash of every committed migration and the journal that orders them. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')));
  for (const file of readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).sort()) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 12);
}

/** Dumps a migrated PGlite once per set of migrations (written aside, then renamed: a reader never sees half). */
async function pgliteTemplate(hash: string): Promise<string> {
  const path = join(tmpdir(), `lantern-pglite-template-${hash}.tar`);
  if (existsSync(path)) return path;
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const aside = `${path}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
  renameSync(aside, path);
  return path;
}

/**
 * Makes the migrated database on the server once per set of migrations: built under a name of its own and
 * renamed when done, under an advisory lock so that two runs starting together build it once. Templates of
 * other migrations are dropped once they are six hours old (their build time is the database's comment) and
 * nobody is copying them: until then another checkout's run on the same server may still need its own.
 */
/** How long a template of other migrations is kept: runs of other branches on the same server still copy it. */
const TEMPLATE_KEPT_MS = 6 * 3_600_000;

async function postgresTemplate(url: string, hash: string): Promise<string> {
  const name = `lantern_template_${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['lantern_template']);
    const present = await admin.query(
      "SELECT datname, shobj_description(oid, 'pg_database') AS built FROM pg_database WHERE datname LIKE $1",
      ['lantern_template_%'],
    );
    for (const { datname, built } of present.rows as { datname: string; built: string | null }[]) {
      // Another checkout's run (another branch's migrations) may be copying it now: only old ones go.
      if (datname === name || Date.now() - Number(built ?? 0) < TEMPLATE_KEPT_MS) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined); // in use by an older run: left for later
    }
    if (!present.rows.some((row: { datname: string }) => row.datname === name)) {
      const building = `lantern_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const database = await openDatabase({ url: target.toString(), dataDir: 'memory://' });
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
    }
  } finally {
    await admin.end(); // ends the session, and with it the advisory lock
  }
  return name;
}

/** Vitest's global setup: the templates of this run's migrations, handed to every test file. */
export async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash();
  project.provide('pgliteTemplate', await pgliteTemplate(hash));
  project.provide('postgresTemplate', process.env.DATABASE_URL ? await postgresTemplate(process.env.DATABASE_URL, hash) : undefined);
}
