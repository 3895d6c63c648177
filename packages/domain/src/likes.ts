/**
 * Likes and dislikes of posts and reviews (docs/product/community.md#likes). State 1 is a like,
 * 2 a dislike, null none. Counts are adjusted locally without refetching.
 */
export type LikeState = 1 | 2 | null;

export interface LikeCounts {
  readonly plain: number;
  readonly dislike: number;
}

/** Counts after the viewer's state moves from `from` to `to`. Counters never go below zero. */
export function applyLikeChange(counts: LikeCounts, from: LikeState, to: LikeState): LikeCounts {
  let { plain, dislike } = counts;
  if (from === to) return { plain, dislike };
  if (from === 1) plain -= 1;
  if (from === 2) dislike -= 1;
  if (to === 1) plain += 1;
  if (to === 2) dislike += 1;
  return { plain: Math.max(0, plain), dislike: Math.max(0, dislike) };
}

/** Pressing the button of the current state cancels it; pressing the other one switches. */
export function nextLikeState(current: LikeState, pressed: 1 | 2): LikeState {
  return current === pressed ? null : pressed;
}
