import { describe, expect, it } from 'vitest';
import { countAfterDeletingComment, countAfterDeletingReply, mentionedNicknames, COMMENT_MAX_MENTIONS, commentsPageSize, REPLIES_PAGE_SIZE } from './comments.ts';

describe('comment counts', () => {
  it('lowers the count by the reply count plus one when a comment goes', () => {
    expect(countAfterDeletingComment(20, 4)).toBe(15);
    expect(countAfterDeletingComment(20, 0)).toBe(19);
  });

  it('lowers the count by one when a reply goes', () => {
    expect(countAfterDeletingReply(20)).toBe(19);
  });

  it('never goes below zero', () => {
    expect(countAfterDeletingComment(3, 5)).toBe(0);
    expect(countAfterDeletingComment(3, -2)).toBe(2);
    expect(countAfterDeletingReply(0)).toBe(0);
  });
});

describe('mentionedNicknames', () => {
  it('finds each nickname once, in order, in both languages', () => {
    expect(mentionedNicknames('thanks @alice and @张三，also @Alice again')).toEqual(['alice', '张三']);
    expect(mentionedNicknames('@bob: see @carol_99.')).toEqual(['bob', 'carol_99']);
  });

  it('ignores e-mail-like text without a name and markup', () => {
    expect(mentionedNicknames('mail me @ home <b>@</b>')).toEqual([]);
    expect(mentionedNicknames('@<script>')).toEqual([]);
  });

  it('keeps at most the limit', () => {
    const text = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedNicknames(text)).toHaveLength(COMMENT_MAX_MENTIONS);
  });
});

describe('comment page sizes', () => {
  it('pages headline comments by 15, other comments by 10 and replies by 5', () => {
    expect(commentsPageSize('Headline')).toBe(15);
    expect(commentsPageSize('Post')).toBe(10);
    expect(commentsPageSize('Talk')).toBe(10);
    expect(REPLIES_PAGE_SIZE).toBe(5);
  });
});
