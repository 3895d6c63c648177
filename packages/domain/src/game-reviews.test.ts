import { describe, expect, it } from 'vitest';
import { positivePercent, reviewArea, STEAM_SCORE_KEYS, STEAM_SCORE_LABELS, steamScoreKey, steamScoreTone, voteRefusal, votePercentages } from './game-reviews.ts';

describe('positivePercent', () => {
  it('rounds down, so rounding never lifts a game over a boundary', () => {
    expect(positivePercent(949, 1000)).toBe(94);
    expect(positivePercent(950, 1000)).toBe(95);
    expect(positivePercent(2, 3)).toBe(66);
    expect(positivePercent(10, 10)).toBe(100);
  });
  it('is 0 without reviews and never over 100', () => {
    expect(positivePercent(0, 0)).toBe(0);
    expect(positivePercent(5, 0)).toBe(0);
    expect(positivePercent(12, 10)).toBe(100);
    expect(positivePercent(Number.NaN, 10)).toBe(0);
  });
});

describe('steamScoreKey', () => {
  it.each([
    [9, 100, 'too_few_reviews'],
    [0, 0, 'too_few_reviews'],
    [500, 95, 'overwhelmingly_positive'],
    [499, 95, 'very_positive'],
    [500, 94, 'very_positive'],
    [50, 80, 'very_positive'],
    [49, 100, 'positive'],
    [10, 80, 'positive'],
    [10, 79, 'mostly_positive'],
    [5000, 70, 'mostly_positive'],
    [5000, 69, 'mixed'],
    [10, 40, 'mixed'],
    [10, 39, 'mostly_negative'],
    [800, 20, 'mostly_negative'],
    [10, 19, 'negative'],
    [49, 0, 'negative'],
    [50, 19, 'very_negative'],
    [499, 5, 'very_negative'],
    [500, 19, 'overwhelmingly_negative'],
  ] as const)('%i reviews at %i %% → %s', (total, percent, key) => {
    expect(steamScoreKey(total, percent)).toBe(key);
  });

  it('has a label in both languages for every key, and a tone', () => {
    expect(STEAM_SCORE_LABELS.very_positive).toEqual({ en: 'Very Positive', chs: '特别好评' });
    for (const key of STEAM_SCORE_KEYS) {
      expect(STEAM_SCORE_LABELS[key].en.length).toBeGreaterThan(0);
      expect(STEAM_SCORE_LABELS[key].chs.length).toBeGreaterThan(0);
    }
    expect(steamScoreTone('mostly_positive')).toBe('positive');
    expect(steamScoreTone('mixed')).toBe('mixed');
    expect(steamScoreTone('very_negative')).toBe('negative');
    expect(steamScoreTone('too_few_reviews')).toBe('none');
  });
});

describe('reviewArea', () => {
  it('gives Chinese reviews to the mainland site and the rest to the international one', () => {
    expect(reviewArea('schinese')).toBe('native');
    expect(reviewArea('tchinese')).toBe('native');
    expect(reviewArea('english')).toBe('abroad');
    expect(reviewArea('german')).toBe('abroad');
  });
});

describe('voteRefusal', () => {
  const open = { from_timestamp: 100, to_timestamp: 200, closed: false, voted: false };
  it('lets a vote count inside the window', () => {
    expect(voteRefusal(open, 100)).toBeNull();
    expect(voteRefusal({ ...open, to_timestamp: null }, 10_000)).toBeNull();
  });
  it('refuses closed, early, ended and second votes, in that order', () => {
    expect(voteRefusal({ ...open, closed: true, voted: true }, 50)).toBe('inactive');
    expect(voteRefusal({ ...open, voted: true }, 99)).toBe('not_in_period');
    expect(voteRefusal({ ...open, voted: true }, 200)).toBe('already_end');
    expect(voteRefusal({ ...open, voted: true }, 150)).toBe('taken');
  });
});

describe('votePercentages', () => {
  it('adds up to exactly 100', () => {
    expect(votePercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(votePercentages([2, 1])).toEqual([67, 33]);
    expect(votePercentages([1, 1, 1, 0])).toEqual([34, 33, 33, 0]);
    for (const counts of [[7, 3, 11], [1, 2, 3, 4, 5, 6], [999, 1]]) {
      expect(votePercentages(counts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });
  it('is all zero without votes', () => {
    expect(votePercentages([0, 0])).toEqual([0, 0]);
    expect(votePercentages([])).toEqual([]);
  });
});
