import { describe, expect, it } from 'vitest';
import { BLOCK_LIST_MAX, BLOCK_MESSAGES, blockRefusal, FOLLOW_MAX, followRefusal, reachesBlocker, totalSeenBy, withoutHiddenAuthors } from './people.ts';

const noBlock = { blockedByTarget: false, actorBlockedTarget: false };

describe('followRefusal (docs/product/people.md#follows)', () => {
  const base = { actorId: 1, targetId: 2, targetOpen: true, block: noBlock, following: 0 };

  it('lets an account follow another open account', () => {
    expect(followRefusal(base)).toBeNull();
    expect(followRefusal({ ...base, following: FOLLOW_MAX - 1 })).toBeNull();
  });

  it('refuses following oneself, a missing or closed account, and past the limit', () => {
    expect(followRefusal({ ...base, targetId: 1 })).toBe('invalid');
    expect(followRefusal({ ...base, targetOpen: false })).toBe('closed');
    expect(followRefusal({ ...base, following: FOLLOW_MAX })).toBe('out_limit');
  });

  it('refuses a follow across a block, whichever way it stands', () => {
    expect(followRefusal({ ...base, block: { blockedByTarget: true, actorBlockedTarget: false } })).toBe('block_listed');
    expect(followRefusal({ ...base, block: { blockedByTarget: false, actorBlockedTarget: true } })).toBe('block_listed');
  });

  it('says a closed account is closed before saying anything about blocks', () => {
    expect(followRefusal({ ...base, targetOpen: false, block: { blockedByTarget: true, actorBlockedTarget: true } })).toBe('closed');
  });
});

describe('blockRefusal (docs/product/people.md#block-list)', () => {
  const base = { actorId: 1, targetId: 2, targetOpen: true, listed: 0, alreadyBlocked: false };

  it('lets an account block another open account, and block it again without a refusal', () => {
    expect(blockRefusal(base)).toBeNull();
    expect(blockRefusal({ ...base, alreadyBlocked: true, listed: BLOCK_LIST_MAX })).toBeNull();
  });

  it('refuses blocking oneself, a missing or closed account, and a full list', () => {
    expect(blockRefusal({ ...base, targetId: 1 })).toBe('invalid');
    expect(blockRefusal({ ...base, targetOpen: false })).toBe('closed');
    expect(blockRefusal({ ...base, listed: BLOCK_LIST_MAX })).toBe('out_limit');
    expect(blockRefusal({ ...base, listed: BLOCK_LIST_MAX - 1 })).toBeNull();
  });

  it('answers the messages the spec names', () => {
    expect(BLOCK_MESSAGES).toEqual({ added: 'blocked', removed: 'unblocked' });
  });
});

describe('reachesBlocker (docs/product/people.md#what-a-block-does)', () => {
  const blockers = new Set([7, 9]);

  it('refuses a write that answers or mentions an account that blocked the writer', () => {
    expect(reachesBlocker(1, [7], blockers)).toBe(true);
    expect(reachesBlocker(1, [3, null, 9], blockers)).toBe(true);
  });

  it('lets through writes that reach nobody who blocked the writer, and writes to oneself', () => {
    expect(reachesBlocker(1, [3, 4, undefined], blockers)).toBe(false);
    expect(reachesBlocker(7, [7], blockers)).toBe(false);
    expect(reachesBlocker(1, [], blockers)).toBe(false);
  });
});

describe('withoutHiddenAuthors', () => {
  const items = [{ a: 1 }, { a: 2 }, { a: null }, { a: 3 }];

  it('leaves out what the hidden authors wrote, keeping order and authorless items', () => {
    expect(withoutHiddenAuthors(items, (i) => i.a, new Set([2, 3]))).toEqual([{ a: 1 }, { a: null }]);
  });

  it('shows everything when nobody is hidden', () => {
    expect(withoutHiddenAuthors(items, (i) => i.a, new Set())).toEqual(items);
  });
});

describe('totalSeenBy', () => {
  it('leaves out what hidden authors wrote, never below zero (a counter a moment behind)', () => {
    expect(totalSeenBy(25, 0)).toBe(25);
    expect(totalSeenBy(25, 5)).toBe(20);
    expect(totalSeenBy(3, 5)).toBe(0);
  });
});
