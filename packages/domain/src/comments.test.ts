import { describe, expect, it } from 'vitest';
import { countAfterDeletingComment, countAfterDeletingReply } from './comments.ts';

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
