import { describe, expect, it } from 'vitest';
import { AccountMemo } from '../../src/platform/account-memo.ts';
import { MemoryStore } from '../../src/platform/kv.ts';
import { TestClock } from '../support/harness.ts';

/** What each instance keeps per account (platform/account-memo.ts), with two instances sharing one store. */
function twoInstances() {
  const clock = new TestClock();
  const kv = new MemoryStore(() => clock.now().getTime());
  return { clock, first: { kv, clock }, second: { kv, clock } };
}

describe('AccountMemo', () => {
  it('keeps a value for its window, then loads it again', async () => {
    const { clock, first } = twoInstances();
    const memo = new AccountMemo<number>('test:memo:window', 5);
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get(first, 7, load)).toBe(1);
    clock.advance(4);
    expect(await memo.get(first, 7, load)).toBe(1);
    expect(await memo.get(first, 8, load)).toBe(2);
    clock.advance(1);
    expect(await memo.get(first, 7, load)).toBe(3);
  });

  it('forgets an account on this instance and on the others at once', async () => {
    const { first, second } = twoInstances();
    const memo = new AccountMemo<string>('test:memo:forget', 60);
    let value = 'before';
    const load = async () => value;
    expect(await memo.get(first, 7, load)).toBe('before');
    expect(await memo.get(second, 7, load)).toBe('before');
    value = 'after';
    await memo.forget(first, 7);
    expect(await memo.get(first, 7, load)).toBe('after');
    expect(await memo.get(second, 7, load)).toBe('after');
  });

  it('answers a load that raced a forgetting but does not keep it', async () => {
    const { first } = twoInstances();
    const memo = new AccountMemo<string>('test:memo:race', 60);
    let release: (() => void) | undefined;
    const slow = memo.get(first, 7, () => new Promise<string>((resolve) => (release = () => resolve('stale'))));
    // The load has started (it read the old value) when the forgetting comes.
    while (!release) await Promise.resolve();
    await memo.forget(first, 7);
    release();
    expect(await slow).toBe('stale');
    expect(await memo.get(first, 7, async () => 'fresh')).toBe('fresh');
  });

  it('keeps at most its bound of accounts, dropping the longest kept first', async () => {
    const { first } = twoInstances();
    const memo = new AccountMemo<number>('test:memo:bound', 60, 2);
    for (const id of [1, 2, 3]) await memo.get(first, id, async () => id);
    expect(await memo.get(first, 1, async () => 100)).toBe(100);
    expect(await memo.get(first, 3, async () => 300)).toBe(3);
  });
});
