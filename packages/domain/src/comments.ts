/**
 * Comment counts adjusted locally (docs/product/community.md#comment-counts): a comment takes its replies with it.
 */
export function countAfterDeletingComment(count: number, replyCount: number): number {
  return Math.max(0, count - (Math.max(0, replyCount) + 1));
}

export function countAfterDeletingReply(count: number): number {
  return Math.max(0, count - 1);
}
