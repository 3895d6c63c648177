import { describe, expect, it } from 'vitest';
import { maskStoredSpans, readerText, readerView } from './reader-text.ts';

describe('readerText: markup', () => {
  it('drops inline tags to nothing, so a word split by an empty tag reads whole', () => {
    expect(readerText('free-st<b></b>eam-gift')).toBe('free-steam-gift');
    expect(readerText('free-<span class="x">st</span><i>eam</i>-gift')).toBe('free-steam-gift');
    expect(readerText('<a href="/users/1" rel="nofollow ugc">@ann</a> hi')).toBe('@ann hi');
  });

  it('reads a line-breaking tag as a space between words', () => {
    expect(readerText('<p>free</p><p>steam</p>')).toBe('free steam');
    expect(readerText('free<br>steam<br/>gift')).toBe('free steam gift');
    expect(readerText('<ul><li>one</li><li>two</li></ul>')).toBe('one two');
    expect(readerText('<H2>Title</H2>Body')).toBe('title body');
  });

  it('reads attributes holding > inside quotes as part of the tag', () => {
    expect(readerText('a<img alt="x > y" src="/uploads/1/a.png">b')).toBe('ab');
    expect(readerText("a<b title='>'>c</b>")).toBe('ac');
  });

  it('drops comments (an unclosed one to the end) and declarations', () => {
    expect(readerText('free-st<!-- hidden -->eam')).toBe('free-steam');
    expect(readerText('visible<!-- never closed')).toBe('visible');
    expect(readerText('<!DOCTYPE html><?xml version="1.0"?>text')).toBe('text');
  });

  it('reads hostile text full of unclosed tags in linear time', () => {
    const hostile = '<a'.repeat(100_000) + '<!x'.repeat(50_000) + 'st<b>eam';
    expect(readerText(hostile).endsWith('<!xsteam')).toBe(true);
  });

  it('keeps a < that does not open a tag', () => {
    expect(readerText('I <3 this, 1 < 2 and 3>2')).toBe('i <3 this, 1 < 2 and 3>2');
    expect(readerText('a < b')).toBe('a < b');
    expect(readerText('<')).toBe('<');
  });
});

describe('readerText: character references', () => {
  it('decodes decimal, hex and named references', () => {
    expect(readerText('free-st&#101;am-gift')).toBe('free-steam-gift');
    expect(readerText('外&#x6302;')).toBe('外挂');
    expect(readerText('外&#X6302;')).toBe('外挂');
    expect(readerText('caf&eacute; &amp; cr&egrave;me')).toBe('café & crème');
    expect(readerText('&lt;b&gt;')).toBe('<b>');
  });

  it('decodes the legacy named references a browser accepts without a semicolon', () => {
    expect(readerText('fish &amp chips')).toBe('fish & chips');
    expect(readerText('&#101&#120;')).toBe('ex');
  });

  it('decodes once, as a browser shows it: a double-encoded reference reads as a reference', () => {
    expect(readerText('st&amp;#101;am')).toBe('st&#101;am');
  });

  it('leaves an ampersand that starts no reference alone, and unknown names as written', () => {
    expect(readerText('R&D & Q&A')).toBe('r&d & q&a');
    expect(readerText('&zzz; &xyz')).toBe('&zzz; &xyz');
    // A browser reads the longest legacy name it knows at the start: &notaname; shows ¬aname;.
    expect(readerText('&notaname;')).toBe('¬aname;');
  });

  it('does not read markup out of decoded references (the reader sees <b> as text)', () => {
    expect(readerText('st&lt;b&gt;&lt;/b&gt;eam')).toBe('st<b></b>eam');
  });

  it('replaces references to nothing a browser shows (NUL, out of range) with the replacement character', () => {
    expect(readerText('a&#0;b')).toBe('a\uFFFDb');
    expect(readerText('a&#x110000;b')).toBe('a\uFFFDb');
  });
});

describe('readerText: width, case and invisible characters', () => {
  it('folds full-width and compatibility forms (NFKC) and case', () => {
    expect(readerText('ＦＲＥＥ－ＳＴＥＡＭ')).toBe('free-steam');
    expect(readerText('ﬁne')).toBe('fine');
    expect(readerText('Ⅻ ①')).toBe('xii 1');
  });

  it('drops format characters, default-ignorable ones and controls', () => {
    expect(readerText('st\u200Bea\u200Cm\u200D\u2060\uFEFF')).toBe('steam');
    expect(readerText('ste\u00ADam')).toBe('steam');
    expect(readerText('\u202Esteam\u202C')).toBe('steam');
    expect(readerText('外\u3164挂')).toBe('外挂');
    expect(readerText('s\uFE0Ft\u034Feam')).toBe('steam');
    expect(readerText('ste\u0000a\u0007m')).toBe('steam');
    expect(readerText('s\u{E0041}team')).toBe('steam');
  });

  it('drops invisible characters written as references too', () => {
    expect(readerText('st&#x200B;eam')).toBe('steam');
    expect(readerText('st&shy;eam')).toBe('steam');
  });

  it('normalises a character with its combining marks together', () => {
    expect(readerText('cafe\u0301')).toBe('caf\u00E9');
    expect(readerText('cafe&#x301;')).toBe('caf\u00E9');
  });

  it('collapses white space of any kind into one space and trims the ends', () => {
    expect(readerText('  free \t\n steam\u00A0\u3000gift  ')).toBe('free steam gift');
    expect(readerText('free&nbsp;&nbsp;steam')).toBe('free steam');
    expect(readerText('<p> </p>free<p> </p>')).toBe('free');
  });

  it('reads the empty text and text of markup only as nothing', () => {
    expect(readerText('')).toBe('');
    expect(readerText('<p><br></p>\u200B')).toBe('');
  });

  it('keeps characters outside the BMP whole', () => {
    expect(readerText('😀Ａ😀')).toBe('😀a😀');
  });
});

describe('readerView: the map back to the stored text', () => {
  it('maps each character read to its source, a reference and a cluster as a whole', () => {
    const text = 'x&#101;<b>Ｙ</b>e\u0301';
    const view = readerView(text);
    expect(view.chars).toEqual(['x', 'e', 'y', '\u00E9']);
    expect(view.chars.map((_, i) => text.slice(view.start[i], view.end[i]))).toEqual(['x', '&#101;', 'Ｙ', 'e\u0301']);
    expect(view.markup.map(([s, e]) => text.slice(s, e))).toEqual(['<b>', '</b>']);
  });

  it('maps a space read from a breaking tag to the tag', () => {
    const text = 'a<br>b';
    const view = readerView(text);
    expect(view.chars).toEqual(['a', ' ', 'b']);
    expect(text.slice(view.start[1], view.end[1])).toBe('<br>');
  });
});

describe('maskStoredSpans', () => {
  it('replaces a span and keeps the markup inside it, so tags stay balanced', () => {
    const text = 'go st<b>ea</b>m now';
    const view = readerView(text);
    expect(maskStoredSpans(text, [[3, 15]], view.markup, '***')).toBe('go ***<b></b> now');
  });

  it('merges overlapping spans and keeps neighbours apart', () => {
    expect(maskStoredSpans('abcdef', [[0, 3], [2, 4]], [], '*')).toBe('*ef');
    expect(maskStoredSpans('abcdef', [[0, 2], [2, 4]], [], '*')).toBe('**ef');
    expect(maskStoredSpans('abcdef', [], [], '*')).toBe('abcdef');
  });
});
