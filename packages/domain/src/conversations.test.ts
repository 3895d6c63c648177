import { describe, expect, it } from 'vitest';
import {
  CONVERSATIONS_PAGE_SIZE, PRIVATE_MESSAGE_MAX_LENGTH, conversationListFinished, conversationPair, privateMessageExcerpt, privateMessageRefusal,
} from './conversations.ts';

describe('private messages', () => {
  it('pages conversations by 10 and ends the list on a short page', () => {
    expect(CONVERSATIONS_PAGE_SIZE).toBe(10);
    expect(conversationListFinished(10, 10)).toBe(false);
    expect(conversationListFinished(9, 10)).toBe(true);
    expect(conversationListFinished(0, 10)).toBe(true);
  });

  it('refuses blank text and long words, and lets a shared game come without words', () => {
    expect(privateMessageRefusal('text', '   ')).toBe('blank');
    expect(privateMessageRefusal('game', '')).toBeNull();
    expect(privateMessageRefusal('text', 'x'.repeat(PRIVATE_MESSAGE_MAX_LENGTH))).toBeNull();
    expect(privateMessageRefusal('text', '字'.repeat(PRIVATE_MESSAGE_MAX_LENGTH + 1))).toBe('too_long');
    expect(privateMessageRefusal('game', 'x'.repeat(PRIVATE_MESSAGE_MAX_LENGTH + 1))).toBe('too_long');
  });

  it('names a pair the same whoever writes first', () => {
    expect(conversationPair(7, 3)).toEqual([3, 7]);
    expect(conversationPair(3, 7)).toEqual([3, 7]);
  });

  it('cuts an excerpt with an ellipsis and folds whitespace', () => {
    expect(privateMessageExcerpt('a\n\n b')).toBe('a b');
    expect(privateMessageExcerpt('abcdef', 4)).toBe('abc…');
    expect(privateMessageExcerpt('abcd', 4)).toBe('abcd');
  });
});
