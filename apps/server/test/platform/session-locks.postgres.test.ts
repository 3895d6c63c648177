import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openSessionLocks, tryTransactionLockSql, type SessionLocks } from '../../src/platform/db/session-locks.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The pay locks' session (docs/decisions/0050): a burst of takes and releases goes to PostgreSQL in a few batched
 * statements on the one connection, and still gives each key to exactly one caller — within an instance and across
 * two. Only PostgreSQL has session advisory locks, so this runs in its tier.
 */
const { t } = useTestApp();
const opened: SessionLocks[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((locks) => locks.close()));
});

async function databaseUrl(): Promise<string> {
  const { rows } = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

/** An instance's session locks of its own (its own connection), as another server process has. */
async function instance(): Promise<SessionLocks> {
  const locks = openSessionLocks({ kind: 'postgres' } as Database, await databaseUrl(), pino({ level: 'silent' }));
  opened.push(locks);
  return locks;
}

/** Counts the statements sent on the session-lock connections while `work` runs. */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const query = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    if ((this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters.application_name === 'lantern session locks') statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  const result = await work();
  vi.restoreAllMocks();
  return { result, statements };
}

describe('session locks taken together', () => {
  it('gives each of a burst\'s keys, distinct and repeated, to exactly one caller, in fewer statements than calls', async () => {
    const [one, two] = [await instance(), await instance()];
    // Both connections open before counting: each instance's first statement opens it.
    await (await one.tryLock('warm:one'))!();
    await (await two.tryLock('warm:two'))!();
    const keys = Array.from({ length: 60 }, (_, i) => `burst:${i % 20}`); // 20 keys, each asked for three times
    const { result: taken, statements: taking } = await statementsOf(() =>
      Promise.all(keys.map((key, i) => (i % 2 === 0 ? one : two).tryLock(key).then((release) => ({ key, release })))));
    const holders = new Map<string, number>();
    for (const { key, release } of taken) if (release) holders.set(key, (holders.get(key) ?? 0) + 1);
    expect([...holders.keys()].sort()).toEqual([...new Set(keys)].sort());
    expect([...holders.values()].every((n) => n === 1)).toBe(true);
    expect(taking).toBeGreaterThanOrEqual(1);
    expect(taking).toBeLessThan(keys.length / 4);

    // A key held is refused on either instance, and PostgreSQL shows each key's lock once.
    expect(await one.tryLock('burst:0')).toBeNull();
    expect(await two.tryLock('burst:0')).toBeNull();
    const { rows } = (await t.deps.db.execute(sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and a.application_name = 'lantern session locks' and a.datname = current_database()`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(holders.size);

    // Released together, in a few statements too; then every key can be taken again.
    const { statements: releasing } = await statementsOf(() => Promise.all(taken.map(({ release }) => release?.())));
    expect(releasing).toBeLessThan(holders.size / 4);
    for (const key of new Set(keys)) {
      const again = await two.tryLock(key);
      expect(again, key).not.toBeNull();
      await again!();
    }
  });

  it('a transaction\'s lock of a key and a session\'s exclude each other', async () => {
    const locks = await instance();
    const release = await locks.tryLock('tx:held');
    expect(release).not.toBeNull();
    const tryInTransaction = (key: string) => t.deps.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select ${tryTransactionLockSql(sql`${key}::text`)} as taken`)) as unknown as { rows: { taken: boolean }[] };
      return rows[0]!.taken;
    });
    expect(await tryInTransaction('tx:held')).toBe(false);
    await release!();
    expect(await tryInTransaction('tx:held')).toBe(true);
    // Ended with its transaction: the session takes it at once.
    const after = await locks.tryLock('tx:held');
    expect(after).not.toBeNull();
    await after!();
  });
});
