import { describe, expect, it } from 'vitest';
import type { Db } from './db/client.ts';
import { GroupLanes } from './group-lanes.ts';

/** A lane's database: these tests place groups in memory, so any object stands in (no pool to hold from). */
const noDatabase = {} as Db;

describe('group lanes', () => {
  it('place the buyers waiting for one item together, each answered its own', async () => {
    const groups: number[][] = [];
    const lanes = new GroupLanes<{ accountId: number }, string>(noDatabase, async (_db, _item, entries) => {
      groups.push(entries.map((e) => e.accountId));
      return entries.map((e) => (e.accountId === 3 ? new Error('refused') : `order of ${e.accountId}`));
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((accountId) => lanes.submit(7, { accountId })));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual(['order of 1', 'order of 2', 'refused', 'order of 4']);
    expect(groups).toEqual([[1, 2, 3, 4]]);
  });

  it('place an account\'s second request only after its first one\'s group is done, whatever lane is free', async () => {
    const events: string[] = [];
    const lanes = new GroupLanes<{ accountId: number; n: number }, number>(noDatabase, async (_db, _item, entries) => {
      events.push(`start ${entries.map((e) => `${e.accountId}.${e.n}`).join(' ')}`);
      // A slow group: the other lanes are free meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`end ${entries.map((e) => `${e.accountId}.${e.n}`).join(' ')}`);
      return entries.map((e) => e.n);
    });
    const answers = await Promise.all([
      lanes.submit(1, { accountId: 1, n: 1 }), lanes.submit(1, { accountId: 2, n: 1 }), lanes.submit(1, { accountId: 1, n: 2 }), lanes.submit(1, { accountId: 1, n: 3 }),
    ]);
    expect(answers).toEqual([1, 1, 2, 3]);
    expect(events).toEqual(['start 1.1 2.1', 'end 1.1 2.1', 'start 1.2', 'end 1.2', 'start 1.3', 'end 1.3']);
  });

  it('let other accounts go on while one account waits for its group in flight', async () => {
    const started: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lanes = new GroupLanes<{ accountId: number }, number>(noDatabase, async (_db, _item, entries) => {
      started.push(entries.map((e) => e.accountId));
      if (entries.some((e) => e.accountId === 1) && started.length === 1) await held;
      return entries.map((e) => e.accountId);
    });
    const first = lanes.submit(1, { accountId: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const again = lanes.submit(1, { accountId: 1 });
    const other = lanes.submit(1, { accountId: 2 });
    expect(await other).toBe(2);
    expect(started).toEqual([[1], [2]]);
    release();
    expect([await first, await again]).toEqual([1, 1]);
    expect(started).toEqual([[1], [2], [1]]);
  });

  it('hold back no entry of no account, and keep to the lanes and group size asked for', async () => {
    const groups: number[][] = [];
    let running = 0;
    let most = 0;
    const lanes = new GroupLanes<{ accountId: number | null; n: number }, number, 'all'>(noDatabase, async (_db, _item, entries) => {
      most = Math.max(most, ++running);
      groups.push(entries.map((e) => e.n));
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return entries.map((e) => e.n);
    }, { lanes: 1, maxGroup: 3 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => lanes.submit('all', { accountId: null, n })));
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(groups).toEqual([[1, 2, 3], [4, 5]]);
    expect(most).toBe(1);
  });
});
