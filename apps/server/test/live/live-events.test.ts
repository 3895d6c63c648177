import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { LIVE_KEEP_HOURS, LIVE_PRUNE_BATCH } from '@lantern/domain';
import { appendLiveEvents, pruneLiveEvents, publishLive } from '../../src/modules/live/index.ts';
import { rowsOf } from '../../src/platform/db/json-rows.ts';
import { listenToLive } from '../support/live-listener.ts';

/**
 * The live streams' write side (modules/live/events.ts): each account's events are numbered 1, 2, 3… in the
 * order they commit, with no gap and no repeat, even when many writers append to the same streams at once
 * (on PostgreSQL, DATABASE_URL, they run in parallel on the pool); a committed event reaches the kv channel.
 */
let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('live events', () => {
  it('numbers each stream from 1 without gaps under a parallel burst of appends', { timeout: 60_000 }, async () => {
    const accounts = [9_001, 9_002, 9_003];
    const bursts = Array.from({ length: 60 }, (_, i) =>
      publishLive(t.deps, [
        { accountId: accounts[i % 3]!, type: 'test', data: { i } },
        { accountId: accounts[(i + 1) % 3]!, type: 'test', data: { i, second: true } },
      ]),
    );
    await Promise.all(bursts);
    const rows = await rowsOf<{ account_id: string; seqs: number[] }>(t.deps.db, sql`
      select account_id, array_agg(seq::int order by seq) as seqs from live_events where account_id = any(${sql.param(accounts)}::bigint[]) group by account_id`);
    for (const row of rows) expect(row.seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(rows).toHaveLength(3);
  });

  it('pushes committed events on the kv channel, and nothing for a transaction that rolled back', async () => {
    const live = await listenToLive(t.deps.kv);
    const [event] = await publishLive(t.deps, [{ accountId: 9_100, type: 'hello', data: { n: 1 } }]);
    await expect(t.deps.db.transaction(async (tx) => {
      await appendLiveEvents(tx, [{ accountId: 9_100, type: 'lost', data: {} }], t.clock.now());
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    const [next] = await publishLive(t.deps, [{ accountId: 9_100, type: 'again', data: {} }]);
    await live.until((heard) => heard.length >= 2);
    await live.stop();
    expect(event!.seq).toBe(1);
    expect(next!.seq).toBe(2);
    expect(live.heard.map((e) => e.type)).toEqual(['hello', 'again']);
  });

  it('prunes events older than the kept window in batches, keeps the newer ones and every stream\'s position', { timeout: 60_000 }, async () => {
    const old = new Date(t.clock.now().getTime() - (LIVE_KEEP_HOURS * 3600 + 60) * 1000);
    const count = LIVE_PRUNE_BATCH + 7;
    await t.deps.db.transaction((tx) => appendLiveEvents(tx, Array.from({ length: count }, (_, i) => ({ accountId: 9_200 + (i % 3), type: 'old', data: {} })), old));
    await publishLive(t.deps, [{ accountId: 9_200, type: 'recent', data: {} }]);
    const seqBefore = await rowsOf<{ seq: number }>(t.deps.db, sql`select seq::int from live_streams where account_id = 9200`);

    expect(await pruneLiveEvents(t.deps)).toBe(count);
    const left = await rowsOf<{ type: string; seq: number }>(t.deps.db, sql`select type, seq::int from live_events where account_id between 9200 and 9202`);
    expect(left).toEqual([{ type: 'recent', seq: seqBefore[0]!.seq }]);
    expect(await rowsOf(t.deps.db, sql`select seq::int from live_streams where account_id = 9200`)).toEqual(seqBefore);
    expect(await pruneLiveEvents(t.deps)).toBe(0);
  });
});
