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

/** What a request to set the viewer's state to `wanted` does (docs/product/community.md#likes). */
export type LikeOutcome =
  | { readonly kind: 'change'; readonly from: LikeState; readonly to: LikeState; readonly plain: number; readonly dislike: number }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'taken' };

/**
 * The client sends the state it wants (the web computes it with `nextLikeState`). Asking again for the state
 * already held is a second like — refused as "you had liked this post" (`taken`) — while asking for none when
 * there is none changes nothing. Otherwise the change moves the counters by `plain` and `dislike` (−1, 0 or +1).
 */
export function likeOutcome(current: LikeState, wanted: LikeState): LikeOutcome {
  if (current === wanted) return wanted === null ? { kind: 'unchanged' } : { kind: 'taken' };
  const plain = (wanted === 1 ? 1 : 0) - (current === 1 ? 1 : 0);
  const dislike = (wanted === 2 ? 1 : 0) - (current === 2 ? 1 : 0);
  return { kind: 'change', from: current, to: wanted, plain, dislike };
}
