/**
 * The text a reader sees (docs/product/community.md#watched-words): what every watched word is compared with,
 * whatever the surface stores — rich-text HTML (posts, talks, headlines), sanitised comment text, or plain text
 * (nicknames, introductions, private messages, which some clients render as HTML). Pure.
 *
 * From the stored text to what is read:
 * 1. Markup is removed: tags, comments and declarations vanish; a tag that breaks a line (p, br, li, div, h1…)
 *    reads as a space, an inline one (b, i, span, a…) as nothing, so `st<b></b>eam` reads `steam`.
 * 2. Character references are decoded once, as a browser decodes them: named (`&eacute;`, and the legacy ones
 *    without a semicolon), decimal (`&#101;`) and hex (`&#x6302;`). Once, because `&amp;#101;` shows `&#101;`.
 * 3. Each character with its combining marks is NFKC-normalised (full-width and compatibility forms become
 *    plain: `ｓｔｅａｍ` is `steam`) and lower-cased.
 * 4. Invisible characters are dropped: format characters (zero-width spaces and joiners, soft hyphens, bidi
 *    marks), every default-ignorable code point (fillers, variation selectors, tag characters) and controls.
 * 5. Runs of white space become one space.
 *
 * The view keeps, for each character read, where its source starts and ends in the stored text, and where the
 * markup is, so a match found in what is read can be masked in what is stored without breaking the markup.
 */
import { decodeHTML } from 'entities';

/** Tags whose element starts on its own line: between two words it separates them. */
const BREAKING_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

/** A start or end tag as HTML reads one: a letter after `<` (so `a <3 b` and `x < y` stay text), quoted attributes. */
const TAG = /<(\/?)([A-Za-z][^\s/>]*)(?:[^>"']|"[^"]*"|'[^']*')*>/y;
/** A comment (to its end, or to the end of the text when unclosed, as a browser reads it). */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/y;
/** A declaration or processing instruction (`<!DOCTYPE …>`, `<?xml …?>`): a browser shows nothing of it. */
const DECLARATION = /<[!?][^>]*>/y;
/** A character reference; the legacy named ones may go without the semicolon. */
const REFERENCE = /&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)/y;

/** Never seen: format characters, default-ignorable code points, controls other than white space. */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$|^(?![\t\n\v\f\r])\p{Cc}$/u;
const MARK = /^\p{M}$/u;
const SPACE = /^\s$/u;

export interface ReaderView {
  /** What is read, one entry per character (code point). */
  chars: string[];
  /** For each character read, where its source starts in the stored text (UTF-16 index)… */
  start: number[];
  /** …and where it ends. */
  end: number[];
  /** The markup removed (tags, comments, declarations), as [start, end) ranges of the stored text, in order. */
  markup: [number, number][];
}

interface Piece {
  text: string;
  from: number;
  to: number;
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** Step 1 and 2: the stored text as pieces a reader sees, each with its source range. */
function decodedPieces(text: string, markup: [number, number][]): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '<') {
      const found = matchAt(COMMENT, text, i) ?? matchAt(DECLARATION, text, i) ?? matchAt(TAG, text, i);
      if (found) {
        const to = i + found[0].length;
        markup.push([i, to]);
        const name = found[2]?.toLowerCase();
        if (name !== undefined && BREAKING_TAGS.has(name)) pieces.push({ text: ' ', from: i, to });
        i = to;
        continue;
      }
    } else if (ch === '&') {
      const found = matchAt(REFERENCE, text, i);
      if (found) {
        const to = i + found[0].length;
        pieces.push({ text: decodeHTML(found[0]), from: i, to });
        i = to;
        continue;
      }
    }
    const codePoint = text.codePointAt(i)!;
    const width = codePoint > 0xffff ? 2 : 1;
    pieces.push({ text: text.slice(i, i + width), from: i, to: i + width });
    i += width;
  }
  return pieces;
}

/** The text as a reader sees it, with the map back to the stored text. */
export function readerView(text: string): ReaderView {
  const view: ReaderView = { chars: [], start: [], end: [], markup: [] };
  // Code points of what is read before folding, each with its source range (a reference's characters share its range).
  const points: Piece[] = [];
  for (const piece of decodedPieces(text, view.markup)) {
    for (const cp of piece.text) points.push({ text: cp, from: piece.from, to: piece.to });
  }
  let lastWasSpace = true;
  const push = (ch: string, from: number, to: number) => {
    if (INVISIBLE.test(ch)) return;
    if (SPACE.test(ch)) {
      if (lastWasSpace) return;
      ch = ' ';
    }
    lastWasSpace = ch === ' ';
    view.chars.push(ch);
    view.start.push(from);
    view.end.push(to);
  };
  for (let i = 0; i < points.length; ) {
    // A character and the combining marks after it are normalised together (e + U+0301 is é).
    let j = i + 1;
    while (j < points.length && MARK.test(points[j]!.text)) j++;
    const cluster = points.slice(i, j);
    const from = cluster[0]!.from;
    const to = cluster[cluster.length - 1]!.to;
    const folded = cluster.map((p) => p.text).filter((ch) => !INVISIBLE.test(ch)).join('').normalize('NFKC').toLowerCase();
    for (const ch of folded) push(ch, from, to);
    i = j;
  }
  // A trailing space reads as nothing.
  if (view.chars[view.chars.length - 1] === ' ') {
    view.chars.pop();
    view.start.pop();
    view.end.pop();
  }
  return view;
}

/** The text a reader sees, folded for comparison: what watched words are compared with. */
export function readerText(text: string): string {
  return readerView(text).chars.join('');
}

/**
 * Replaces each [start, end) span of the stored text with `mask`, keeping the markup inside a span (so masking
 * `st<b>ea</b>m` keeps the tags balanced). Overlapping spans merge; neighbours stay two masks.
 */
export function maskStoredSpans(text: string, spans: [number, number][], markup: readonly [number, number][], mask: string): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s < last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  let out = '';
  let cursor = 0;
  for (const [from, to] of merged) {
    const kept = markup.filter(([s, e]) => s >= from && e <= to).map(([s, e]) => text.slice(s, e)).join('');
    out += text.slice(cursor, from) + mask + kept;
    cursor = to;
  }
  return out + text.slice(cursor);
}
