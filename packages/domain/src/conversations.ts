/**
 * Private messages (docs/product/messaging.md#private-messages): pure rules the server's `conversations` module
 * and the web share.
 */

/** Conversations per page of the list (docs/product/messaging.md#conversations); the list is finished when a page brings fewer than `per`. */
export const CONVERSATIONS_PAGE_SIZE = 10;

/** Messages per page of a conversation's history, newest first (decisions/0028). */
export const PRIVATE_MESSAGES_PAGE_SIZE = 20;

/** Ours (decisions/0028): the longest private message, in characters. */
export const PRIVATE_MESSAGE_MAX_LENGTH = 1000;

/** How many characters of a message the notification bar and the conversation list show. */
export const PRIVATE_MESSAGE_EXCERPT_LENGTH = 60;

/** What a private message carries: words, or a shared game (its SKU, shown with its live price). */
export const PRIVATE_MESSAGE_KINDS = ['text', 'game'] as const;
export type PrivateMessageKind = (typeof PRIVATE_MESSAGE_KINDS)[number];

export type PrivateMessageRefusal = 'blank' | 'too_long';

/** Why a message's words are refused, or null: a text needs words; a shared game may come without any. */
export function privateMessageRefusal(kind: PrivateMessageKind, content: string): PrivateMessageRefusal | null {
  const length = [...content.trim()].length;
  if (length === 0 && kind === 'text') return 'blank';
  if (length > PRIVATE_MESSAGE_MAX_LENGTH) return 'too_long';
  return null;
}

/** Whether the conversation list has no more pages: the last page brought fewer than `per` (docs/product/messaging.md#conversations). */
export function conversationListFinished(returned: number, per: number): boolean {
  return returned < per;
}

/** The two accounts of a conversation, lower id first: one conversation per pair, whoever writes first. */
export function conversationPair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

/** A message's words cut for the bar and the list, with an ellipsis when cut. */
export function privateMessageExcerpt(content: string, max = PRIVATE_MESSAGE_EXCERPT_LENGTH): string {
  const chars = [...content.trim().replace(/\s+/g, ' ')];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
