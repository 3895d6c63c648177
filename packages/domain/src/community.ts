/**
 * Groups, posts and reviews (docs/product/community.md). Pure rules: the server enforces them, the web shows
 * the same limits before sending.
 */
import { roleCan, type Role } from './roles.ts';

export const POST_TYPES = ['Post', 'Review'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Limits of what a post or review holds (docs/product/limits.md#community). */
export const POST_LIMITS = {
  /** A long post's title, in characters. Short posts and reviews have none. */
  titleMax: 80,
  /** Plain text of a short post or review (what is left after the markup). */
  shortTextMax: 1_000,
  /** Plain text of a long post or review. */
  longTextMax: 20_000,
  /** The stored HTML, after sanitising (markup included). */
  htmlMax: 100_000,
  /** A review's score, in whole stars. */
  scoreMin: 1,
  scoreMax: 5,
  /** Sticky sequence staff may give (0 = not sticky). */
  stickyMax: 999,
  /** @mention suggestions returned for one prefix. */
  mentionSuggestions: 10,
} as const;

export interface PostInput {
  type: PostType;
  isLong: boolean;
  title: string;
  /** The text left after sanitising, used for length and emptiness. */
  plainText: string;
  score: number | null;
  recommend: boolean | null;
}

/**
 * What is wrong with a post about to be published, field → reason (empty when it may be published). A long
 * post needs a title; every post needs text; a review needs a score (1–5) or a recommendation, a plain post
 * has neither. Drafts are saved whatever they hold, and checked only when published.
 */
export function postProblems(input: PostInput): Record<string, 'blank' | 'too_long' | 'invalid'> {
  const problems: Record<string, 'blank' | 'too_long' | 'invalid'> = {};
  const title = input.title.trim();
  if (input.isLong && title === '') problems.title = 'blank';
  if (!input.isLong && title !== '') problems.title = 'invalid';
  if ([...title].length > POST_LIMITS.titleMax) problems.title = 'too_long';
  const text = input.plainText.trim();
  if (text === '') problems.content = 'blank';
  else if ([...text].length > (input.isLong ? POST_LIMITS.longTextMax : POST_LIMITS.shortTextMax)) problems.content = 'too_long';
  if (input.type === 'Review') {
    if (input.score === null && input.recommend === null) problems.score = 'blank';
    else if (input.score !== null && !isScore(input.score)) problems.score = 'invalid';
  } else if (input.score !== null || input.recommend !== null) problems.score = 'invalid';
  return problems;
}

export function isScore(score: number): boolean {
  return Number.isInteger(score) && score >= POST_LIMITS.scoreMin && score <= POST_LIMITS.scoreMax;
}

/** A review counts as positive with 4 or 5 stars, or a recommendation without a score. */
export function isPositiveReview(score: number | null, recommend: boolean | null): boolean {
  if (score !== null) return score >= 4;
  return recommend === true;
}

export interface Evaluation {
  /** Reviews with each score, 1 to 5 stars (index 0 is 1 star). */
  distribution: [number, number, number, number, number];
  reviews_count: number;
  positive_count: number;
  /** Whole percent of positive reviews; null with no review. */
  percent: number | null;
  /** Average of the scored reviews to one decimal; null with none scored. */
  average: number | null;
}

/** A group's evaluation from its score counts and its positive and total review counts. */
export function evaluationOf(distribution: readonly number[], reviewsCount: number, positiveCount: number): Evaluation {
  const d = [0, 1, 2, 3, 4].map((i) => Math.max(0, distribution[i] ?? 0)) as Evaluation['distribution'];
  const scored = d.reduce((a, b) => a + b, 0);
  const sum = d.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    distribution: d,
    reviews_count: reviewsCount,
    positive_count: positiveCount,
    percent: reviewsCount > 0 ? Math.round((positiveCount * 100) / reviewsCount) : null,
    average: scored > 0 ? Math.round((sum * 10) / scored) / 10 : null,
  };
}

/**
 * The title a staff or group-admin author shows next to an official comment (docs/product/community.md#roles):
 * all groups with `api_all_group`, headlines with `api_all_headline`, none otherwise.
 */
export function communityTitleOf(role: Role): 'all_groups' | 'headlines' | null {
  if (roleCan(role, 'api_all_group')) return 'all_groups';
  if (roleCan(role, 'api_all_headline')) return 'headlines';
  return null;
}

/**
 * A contributor's rank in a group (docs/product/community.md#contributors): by published posts and reviews,
 * reviews weighing 3, long posts 2, short posts 1.
 */
export function contributionPoints(reviews: number, longPosts: number, shortPosts: number): number {
  return reviews * 3 + longPosts * 2 + shortPosts;
}

/** The rank name of a contributor by points: newcomer, regular, veteran, legend. */
export function contributorRank(points: number): 'newcomer' | 'regular' | 'veteran' | 'legend' {
  if (points >= 60) return 'legend';
  if (points >= 20) return 'veteran';
  if (points >= 5) return 'regular';
  return 'newcomer';
}

/** A nickname prefix worth searching for @mentions: 1 to 20 characters, no "@" or spaces. */
export function mentionPrefix(raw: string): string | null {
  const p = raw.trim().replace(/^@/, '');
  if (p === '' || [...p].length > 20 || /[\s@%_\\]/.test(p)) return null;
  return p;
}

/**
 * The responsibility declaration (docs/product/screens.md#responsibility-dialog): a review records the
 * reviewer's play data, so a member is shown the declaration before writing their first review, and never
 * again once they answered "I have got it". It is kept as one of the account's configs.
 */
export const RESPONSIBILITY_CONFIG = { kind: 'community', key: 'responsibility', acknowledged: 'acknowledged', pending: 'pending' } as const;

export function hasAcknowledgedResponsibility(configs: readonly { kind: string; key: string; value: string }[]): boolean {
  return configs.some((c) => c.kind === RESPONSIBILITY_CONFIG.kind && c.key === RESPONSIBILITY_CONFIG.key && c.value === RESPONSIBILITY_CONFIG.acknowledged);
}

/** Asked before a new review only: editing one's review, or writing a post, records no play data anew. */
export function needsResponsibilityDeclaration(writing: { type: 'Post' | 'Review'; editing: boolean }, configs: readonly { kind: string; key: string; value: string }[]): boolean {
  return writing.type === 'Review' && !writing.editing && !hasAcknowledgedResponsibility(configs);
}
