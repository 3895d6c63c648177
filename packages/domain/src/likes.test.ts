import { describe, expect, it } from 'vitest';
import { applyLikeChange, nextLikeState } from './likes.ts';

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
