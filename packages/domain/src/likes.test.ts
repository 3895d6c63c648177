import { describe, expect, it } from 'vitest';
import { applyLikeChange, likeOutcome, nextLikeState } from './likes.ts';

describe('likes', () => {
  const counts = { plain: 10, dislike: 4 };

  it('adds a like or a dislike from none', () => {
    expect(applyLikeChange(counts, null, 1)).toEqual({ plain: 11, dislike: 4 });
    expect(applyLikeChange(counts, null, 2)).toEqual({ plain: 10, dislike: 5 });
  });

  it('moves one count when switching', () => {
    expect(applyLikeChange(counts, 1, 2)).toEqual({ plain: 9, dislike: 5 });
    expect(applyLikeChange(counts, 2, 1)).toEqual({ plain: 11, dislike: 3 });
  });

  it('removes the count when cancelling', () => {
    expect(applyLikeChange(counts, 1, null)).toEqual({ plain: 9, dislike: 4 });
    expect(applyLikeChange(counts, 2, null)).toEqual({ plain: 10, dislike: 3 });
  });

  it('changes nothing when the state stays', () => {
    expect(applyLikeChange(counts, 1, 1)).toEqual(counts);
    expect(applyLikeChange(counts, null, null)).toEqual(counts);
  });

  it('never goes below zero with stale counts', () => {
    expect(applyLikeChange({ plain: 0, dislike: 0 }, 1, 2)).toEqual({ plain: 0, dislike: 1 });
  });

  it('cancels when the same button is pressed again and switches otherwise', () => {
    expect(nextLikeState(null, 1)).toBe(1);
    expect(nextLikeState(1, 1)).toBeNull();
    expect(nextLikeState(1, 2)).toBe(2);
    expect(nextLikeState(2, 2)).toBeNull();
  });
});

describe('likeOutcome', () => {
  it('adds from none and moves both counters when switching', () => {
    expect(likeOutcome(null, 1)).toEqual({ kind: 'change', from: null, to: 1, plain: 1, dislike: 0 });
    expect(likeOutcome(null, 2)).toEqual({ kind: 'change', from: null, to: 2, plain: 0, dislike: 1 });
    expect(likeOutcome(1, 2)).toEqual({ kind: 'change', from: 1, to: 2, plain: -1, dislike: 1 });
    expect(likeOutcome(2, 1)).toEqual({ kind: 'change', from: 2, to: 1, plain: 1, dislike: -1 });
  });

  it('cancels back to none', () => {
    expect(likeOutcome(1, null)).toEqual({ kind: 'change', from: 1, to: null, plain: -1, dislike: 0 });
    expect(likeOutcome(2, null)).toEqual({ kind: 'change', from: 2, to: null, plain: 0, dislike: -1 });
  });

  it('refuses a second like or dislike as taken, and leaves none as it is', () => {
    expect(likeOutcome(1, 1)).toEqual({ kind: 'taken' });
    expect(likeOutcome(2, 2)).toEqual({ kind: 'taken' });
    expect(likeOutcome(null, null)).toEqual({ kind: 'unchanged' });
  });

  it('agrees with the counts the web adjusts locally', () => {
    const states = [null, 1, 2] as const;
    for (const from of states) for (const to of states) {
      const outcome = likeOutcome(from, to);
      if (outcome.kind !== 'change') continue;
      expect(applyLikeChange({ plain: 5, dislike: 5 }, from, to)).toEqual({ plain: 5 + outcome.plain, dislike: 5 + outcome.dislike });
    }
  });
});
