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

/**
 * A start or end tag as HTML reads one: a letter after `<` (so `a <3 b` and `x < y` stay text), quoted
 * attributes. An unquoted `<` ends the attempt, so text full of unclosed `<a` is read in linear time.
 */
const TAG = /<(\/?)([A-Za-z][^\s/<>]*)(?:[^<>"']|"[^"]*"|'[^']*')*>/y;
/** A comment (to its end, or to the end of the text when unclosed, as a browser reads it). */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/y;
/** A declaration or processing instruction (`<!DOCTYPE …>`, `<?xml …?>`): a browser shows nothing of it. */
const DECLARATION = /<[!?][^<>]*>/y;
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

/** Code points with, for each, the range of the stored text it came from (a reference's share its range). */
interface Points {
  cps: string[];
  from: number[];
  to: number[];
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** Steps 1 and 2: the code points a reader sees, each with its source range; the markup ranges go to `markup`. */
function decodedPoints(text: string, markup: [number, number][]): Points {
  const points: Points = { cps: [], from: [], to: [] };
  const add = (cp: string, from: number, to: number) => {
    points.cps.push(cp);
    points.from.push(from);
    points.to.push(to);
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x3c /* < */) {
      const found = matchAt(COMMENT, text, i) ?? matchAt(DECLARATION, text, i) ?? matchAt(TAG, text, i);
      if (found) {
        const to = i + found[0].length;
        markup.push([i, to]);
        const name = found[2]?.toLowerCase();
        if (name !== undefined && BREAKING_TAGS.has(name)) add(' ', i, to);
        i = to;
        continue;
      }
    } else if (code === 0x26 /* & */) {
      const found = matchAt(REFERENCE, text, i);
      if (found) {
        const to = i + found[0].length;
        for (const cp of decodeHTML(found[0])) add(cp, i, to);
        i = to;
        continue;
      }
    }
    const width = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
    add(text.slice(i, i + width), i, i + width);
    i += width;
  }
  return points;
}

/**
 * Characters NFKC and lower-casing leave as they are, and that are no combining mark: ASCII (only its case and
 * controls to fold), CJK unified ideographs, Hangul syllables.
 */
function isSettled(code: number): boolean {
  return code < 0x80 || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7a3);
}

/** The text as a reader sees it, with the map back to the stored text. */
export function readerView(text: string): ReaderView {
  const view: ReaderView = { chars: [], start: [], end: [], markup: [] };
  const { cps, from, to } = decodedPoints(text, view.markup);
  let lastWasSpace = true;
  const emit = (ch: string, start: number, end: number) => {
    lastWasSpace = ch === ' ';
    view.chars.push(ch);
    view.start.push(start);
    view.end.push(end);
  };
  const space = (start: number, end: number) => {
    if (!lastWasSpace) emit(' ', start, end);
  };
  for (let i = 0; i < cps.length; ) {
    const code = cps[i]!.charCodeAt(0);
    // ASCII, CJK ideographs and Hangul syllables not followed by a combining mark (nearly all text): nothing to
    // normalise, so no regular expression either.
    if (isSettled(code) && (i + 1 === cps.length || isSettled(cps[i + 1]!.charCodeAt(0)))) {
      if (code >= 0x80) emit(cps[i]!, from[i]!, to[i]!);
      else if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) space(from[i]!, to[i]!);
      else if (code >= 0x41 && code <= 0x5a) emit(String.fromCharCode(code + 32), from[i]!, to[i]!);
      else if (code > 0x20 && code !== 0x7f) emit(cps[i]!, from[i]!, to[i]!);
      i++;
      continue;
    }
    // A character and the combining marks after it are normalised together (e + U+0301 is é).
    let j = i + 1;
    while (j < cps.length && MARK.test(cps[j]!)) j++;
    const start = from[i]!;
    const end = to[j - 1]!;
    let cluster = '';
    for (let k = i; k < j; k++) if (!INVISIBLE.test(cps[k]!)) cluster += cps[k];
    for (const ch of cluster.normalize('NFKC').toLowerCase()) {
      if (INVISIBLE.test(ch)) continue;
      if (SPACE.test(ch)) space(start, end);
      else emit(ch, start, end);
    }
    i = j;
  }
  // A trailing space reads as nothing.
  if (lastWasSpace && view.chars.length > 0) {
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
