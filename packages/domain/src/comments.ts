import { PAGE_SIZES } from './constants.ts';

/**
 * Comment counts adjusted locally (docs/product/community.md#comment-counts): a comment takes its replies with it.
 */
export function countAfterDeletingComment(count: number, replyCount: number): number {
  return Math.max(0, count - (Math.max(0, replyCount) + 1));
}

export function countAfterDeletingReply(count: number): number {
  return Math.max(0, count - 1);
}

/** Ours (the spec leaves it open, decisions/0015): the longest comment or reply, in characters of its text. */
export const COMMENT_MAX_LENGTH = 2000;

/**
 * @mentions in a comment's text (docs/product/community.md#mentions): `@` then a nickname, up to whitespace,
 * another `@` or markup. Each nickname once, in the order written, at most `COMMENT_MAX_MENTIONS`.
 */
export const COMMENT_MAX_MENTIONS = 10;
export const MENTION_PATTERN = /@([^\s@<>&"'，。！？、；：,.!?;:()（）]{1,20})/gu;

export function mentionedNicknames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const nickname = match[1]!;
    const key = nickname.toLowerCase();
    if (!seen.has(key)) seen.set(key, nickname);
    if (seen.size >= COMMENT_MAX_MENTIONS) break;
  }
  return [...seen.values()];
}

/**
 * The `per` of a comment list (docs/product/limits.md#page-sizes): a headline's comments 15, a talk's or a
 * post's 10 (posts take the "posts or messages" size), replies 5.
 */
export function commentsPageSize(commentableType: string): number {
  return commentableType === 'Headline' ? PAGE_SIZES.headline_comments : PAGE_SIZES.talk_comments;
}
export const REPLIES_PAGE_SIZE = PAGE_SIZES.replies;
