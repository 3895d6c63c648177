import type { Deps } from '../../platform/deps.ts';
import { findUploads } from '../uploads/index.ts';

/** An image as the sanitiser writes it (sanitize.ts): `src` is always there, double-quoted. */
const IMG = /<img\b[^>]*?\bsrc="([^"]*)"[^>]*>/g;

/**
 * Sanitised rich text with only its author's own uploads kept (docs/product/community.md#rich-text): an image of
 * `/uploads/…` that another account uploaded, or that was never uploaded, is stripped, the rest of the text
 * kept. Posts, reviews, talks, group moderators' official comments and headline articles all go through it, so
 * nobody shows someone else's picture as theirs or keeps a picture its owner deleted in use.
 */
export async function keepOwnImages(deps: Deps, authorId: number, safeHtml: string): Promise<string> {
  const srcs = [...safeHtml.matchAll(IMG)].map((m) => m[1]!);
  if (srcs.length === 0) return safeHtml;
  const owned = new Set(await findUploads(deps, authorId, srcs));
  return safeHtml.replace(IMG, (tag, src: string) => (owned.has(src) ? tag : ''));
}
