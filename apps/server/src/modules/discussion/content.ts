import sanitizeHtml from 'sanitize-html';
import { COMMENT_MAX_LENGTH, mentionedNicknames, MENTION_PATTERN } from '@lantern/domain';
import type { Db } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { batchedPublicAccountsByNicknames } from '../accounts/index.ts';

/**
 * A comment's content as stored and shown (docs/product/community.md#comment-content): whatever the client
 * sends, only text, line breaks and links to `/users/{id}` survive. Links are made here, from @mentions that
 * name a user; any link the client sent is dropped to its text, so no one can dress a link up as a mention.
 */
const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  // Script and style bodies go with their tags; everything else keeps its text, escaped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math', 'iframe', 'object'],
};

/** The final allowlist: the shape of what `renderComment` writes, enforced once more on the way out. */
const STORED: sanitizeHtml.IOptions = {
  allowedTags: ['br', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'a' && !/^\/users\/\d+$/.test(frame.attribs.href ?? ''),
};

export interface RenderedComment {
  html: string;
  text: string;
  atUsers: { id: number; nickname: string }[];
}

/** The plain text of what the client sent: markup removed, entities decoded, line ends kept. */
export function plainText(input: string): string {
  const escaped = sanitizeHtml(input.replace(/<br\s*\/?>/gi, '\n'), TEXT_ONLY);
  return decodeEntities(escaped).replace(/\r\n?/g, '\n').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Turns a comment's text into its stored HTML: escaped text, `<br>` for line ends, and each @nickname that
 * names an open account as a link to its page. Refuses blank text and text over the limit (422).
 */
export async function renderComment(db: Db, input: string): Promise<RenderedComment> {
  const text = plainText(input);
  if (text === '') throw fail.unprocessable('content', 'blank');
  if ([...text].length > COMMENT_MAX_LENGTH) throw fail.unprocessable('content', 'too_long');
  // Looked up with the mentions of every comment written in the same turn of the event loop.
  const found = await batchedPublicAccountsByNicknames(db, mentionedNicknames(text));
  const atUsers: { id: number; nickname: string }[] = [];
  const html = escapeHtml(text)
    .replace(new RegExp(MENTION_PATTERN.source, 'gu'), (whole, name: string) => {
      // The pattern excludes &, < and >, so a match never spans an escape.
      const account = found.get(name.toLowerCase());
      if (!account) return whole;
      if (!atUsers.some((u) => u.id === account.id)) atUsers.push({ id: account.id, nickname: account.nickname });
      return `<a href="/users/${account.id}">@${escapeHtml(account.nickname)}</a>`;
    })
    .replace(/\n/g, '<br />');
  return { html: sanitizeHtml(html, STORED), text, atUsers };
}
