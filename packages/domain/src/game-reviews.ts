/**
 * Steam and Epic reviews and community votes on a game (docs/product/community.md#steam-and-epic-reviews,
 * #votes). Pure rules: the Steam score label, which site a review language belongs to, the vote window and
 * the percentages a vote shows.
 */
import type { Area } from './sites.ts';
import { offerStatus, type OfferWindow } from './points-shop.ts';

/** Steam's review score labels, best first (the words Steam shows on a store page). */
export const STEAM_SCORE_KEYS = [
  'overwhelmingly_positive',
  'very_positive',
  'positive',
  'mostly_positive',
  'mixed',
  'mostly_negative',
  'negative',
  'very_negative',
  'overwhelmingly_negative',
  'too_few_reviews',
] as const;
export type SteamScoreKey = (typeof STEAM_SCORE_KEYS)[number];

/** The label in both languages, as Steam's English and Simplified Chinese store pages word it. */
export const STEAM_SCORE_LABELS: Record<SteamScoreKey, { en: string; chs: string }> = {
  overwhelmingly_positive: { en: 'Overwhelmingly Positive', chs: '好评如潮' },
  very_positive: { en: 'Very Positive', chs: '特别好评' },
  positive: { en: 'Positive', chs: '好评' },
  mostly_positive: { en: 'Mostly Positive', chs: '多半好评' },
  mixed: { en: 'Mixed', chs: '褒贬不一' },
  mostly_negative: { en: 'Mostly Negative', chs: '多半差评' },
  negative: { en: 'Negative', chs: '差评' },
  very_negative: { en: 'Very Negative', chs: '特别差评' },
  overwhelmingly_negative: { en: 'Overwhelmingly Negative', chs: '差评如潮' },
  too_few_reviews: { en: 'Not enough reviews', chs: '用户评测数量不足' },
};

/** Fewer reviews than this and Steam shows no score, only the count. */
export const STEAM_SCORE_MIN_REVIEWS = 10;

/**
 * Whole percent of positive reviews, rounded down: 94.9 % is 94, so a game is never lifted over a label
 * boundary by rounding (Steam's own boundaries are inclusive at 95, 80, 70, 40, 20).
 */
export function positivePercent(positive: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(positive) || positive <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(positive, total) * 100) / total));
}

/**
 * Steam's score label from the number of reviews and the positive percent:
 * 95–100 % with 500 or more: overwhelmingly positive; 80–100 % with 50 or more: very positive; 80–100 % with
 * 10–49: positive; 70–79 %: mostly positive; 40–69 %: mixed; 20–39 %: mostly negative; 0–19 % with 10–49:
 * negative, with 50–499: very negative, with 500 or more: overwhelmingly negative. Under 10 reviews: no score.
 */
export function steamScoreKey(total: number, percent: number): SteamScoreKey {
  if (!Number.isFinite(total) || total < STEAM_SCORE_MIN_REVIEWS) return 'too_few_reviews';
  if (percent >= 95 && total >= 500) return 'overwhelmingly_positive';
  if (percent >= 80) return total >= 50 ? 'very_positive' : 'positive';
  if (percent >= 70) return 'mostly_positive';
  if (percent >= 40) return 'mixed';
  if (percent >= 20) return 'mostly_negative';
  if (total >= 500) return 'overwhelmingly_negative';
  if (total >= 50) return 'very_negative';
  return 'negative';
}

/** Whether a label reads as praise (the web colours it blue), criticism (red) or neither. */
export function steamScoreTone(key: SteamScoreKey): 'positive' | 'mixed' | 'negative' | 'none' {
  if (key === 'too_few_reviews') return 'none';
  if (key === 'mixed') return 'mixed';
  return key.endsWith('positive') ? 'positive' : 'negative';
}

/**
 * The site a platform review belongs to, by the language it was written in (Steam's language names):
 * Chinese reviews are the mainland site's, every other language the international site's. A review is
 * listed, and liked, on its own site only.
 */
export function reviewArea(language: string): Area {
  return language === 'schinese' || language === 'tchinese' ? 'native' : 'abroad';
}

/** The review languages a site lists, its own first. */
export const AREA_REVIEW_LANGUAGES: Record<Area, readonly string[]> = {
  native: ['schinese', 'tchinese'],
  abroad: ['english'],
};

export interface VoteFacts extends OfferWindow {
  closed: boolean;
  /** The option this account chose already, if any. */
  voted: boolean;
}

export type VoteRefusal = 'inactive' | 'not_in_period' | 'already_end' | 'taken';

/**
 * Why an account may not vote now (docs/product/community.md#votes): closed by staff `inactive`, before its
 * start `not_in_period`, from its end on `already_end`, voted already `taken`; null when the vote counts.
 */
export function voteRefusal(facts: VoteFacts, nowSec: number): VoteRefusal | null {
  if (facts.closed) return 'inactive';
  const status = offerStatus(facts, nowSec);
  if (status === 'not_start') return 'not_in_period';
  if (status === 'end') return 'already_end';
  if (facts.voted) return 'taken';
  return null;
}

/**
 * Whole percentages of the votes per option that add up to exactly 100 (largest remainder; ties to the
 * earlier option), so the bars never show 99 % or 101 % in total. No votes: all zero.
 */
export function votePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + Math.max(0, n), 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((n) => (Math.max(0, n) * 100) / total);
  const floors = exact.map((x) => Math.floor(x));
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}
