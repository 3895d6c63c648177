import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { residentId, signUpByEmail } from '../support/factories.ts';
import { steamCodes, stockKeys } from '../support/keys-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { createScratchDatabase } from '../../src/platform/db/scratch-database.ts';

/**
 * The restore drill of docs/operations.md#backup-and-restore, as a test: a store with a paid order, its
 * delivered key (stored encrypted), a wallet with its ledger and an identified account (its real name
 * encrypted) is dumped with `pg_dump --format=custom`, restored with `pg_restore` into a new database, and a
 * second server started on the restore with the same APP_SECRET serves the same orders, keys, balances and
 * masked names; every table holds the same rows. A server given another secret refuses to start on it
 * (platform/secret-seal.ts) rather than fail on every sealed key and name. PostgreSQL only (pg_dump needs a server).
 */
const run = promisify(execFile);
const SECRET = 'the-drill-secret-of-at-least-32-characters';
const OTHER_SECRET = 'another-secret-of-at-least-32-characters!';

let source: TestApp;
let restored: TestApp | undefined;
let restoredDb: Awaited<ReturnType<typeof createScratchDatabase>>;
let folder: string;

async function databaseUrlOf(t: TestApp): Promise<string> {
  const { rows } = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

/** Every table of the public schema with its row count, read through a plain client. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: tables } = await c.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1");
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = (await c.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n;
    return counts;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  source = await createTestApp({ env: { APP_SECRET: SECRET } });
  folder = mkdtempSync(join(tmpdir(), 'lantern-backup-'));
  restoredDb = await createScratchDatabase(process.env.DATABASE_URL!, 'lantern_restore');
});
afterAll(async () => {
  await restored?.close();
  await source.close();
  await restoredDb.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a backup restores into a new database that serves the same store', () => {
  it('orders, keys, wallet balances and real names survive pg_dump and pg_restore with the same APP_SECRET', async () => {
    const api = clients(source);
    // What a day of trading leaves: a paid order with a delivered key, a wallet and its ledger, an identity.
    const buyer = await makeAccount(source, { area: 'native' });
    await fundWallet(source, buyer.id, 'CNY', 20_000);
    const game = await makeSku(source, { area: 'native', listPrice: 6_800 });
    await stockKeys(source, game.id, steamCodes(3, 'DRILL'));
    const placed = await api.native.post('/api/orders', { order: { sku_ids: [game.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await api.native.patch(`/api/orders/${placed.json().id}/pay`, { payment_method: 'wallet', version: placed.json().version }, { token: buyer.token });
    expect(paid.json()).toMatchObject({ status: 'complete' });
    const identified = await signUpByEmail(source, api.abroad);
    expect((await api.abroad.post('/api/identification', { identification: { name: '张三丰', code: residentId('19900101') } }, { token: identified.token })).statusCode).toBe(201);

    const readStore = async (a: ReturnType<typeof clients>) => {
      const order = (await a.native.get(`/api/me/orders/${placed.json().id}`, { token: buyer.token })).json();
      const keyId = order.order_games[0].game_keys[0].id as number;
      const key = (await a.native.get(`/api/me/game_keys/${keyId}`, { token: buyer.token })).json();
      const wallet = (await a.native.get('/api/me/wallet_entries', { token: buyer.token })).json();
      const identity = (await a.abroad.get('/api/me', { token: identified.token })).json();
      return { order: { status: order.status, total: order.total_amount }, code: key.code, wallet, realName: identity.real_name_asterisks };
    };
    const before = await readStore(api);
    expect(before.code).toMatch(/^DRILL/);
    expect(before.realName).toBe('张**');
    expect(before.wallet.meta.balance).toBe(20_000 - 6_800);
    expect(before.wallet.wallet_entries).toHaveLength(2);

    // The backup, as docs/operations.md says to take it, and its restore into an empty database.
    const sourceUrl = await databaseUrlOf(source);
    const dump = join(folder, 'lantern.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, `--dbname=${sourceUrl}`]);
    expect(statSync(dump).size).toBeGreaterThan(0);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${restoredDb.url}`, dump]);

    expect(await rowCounts(restoredDb.url)).toEqual(await rowCounts(sourceUrl));
    // A second server on the restore, with the same secret: the store reads the same (sessions were restored too).
    restored = await createTestApp({ databaseUrl: restoredDb.url, env: { APP_SECRET: SECRET } });
    expect(await readStore(clients(restored))).toEqual(before);
  }, 120_000); // two servers, a dump and a restore: seconds each on a busy two-core machine

  it('a server given another APP_SECRET refuses to start on the restore, naming the secret', async () => {
    const started = await createTestApp({ databaseUrl: restoredDb.url, env: { APP_SECRET: OTHER_SECRET } }).then(
      async (app) => { await app.close(); return null; },
      (error: Error) => error,
    );
    expect(started?.message).toMatch(/APP_SECRET is not the secret this database was sealed with/);
    // The refusal changed nothing: the right secret still opens it.
    const again = await createTestApp({ databaseUrl: restoredDb.url, env: { APP_SECRET: SECRET } });
    await again.close();
  }, 60_000);
});
