import { describe, expect, it } from 'vitest';
import { outlineHeadings } from './rich-text.ts';

const levels = (html: string) => [...html.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));

describe('outlineHeadings', () => {
  it('starts a body that opens with h3 at h2, under the page h1', () => {
    expect(outlineHeadings('<h3>Tips</h3><p>text</p>')).toBe('<h2>Tips</h2><p>text</p>');
  });

  it('closes the squeezed gaps: h2, h4, h4, h2, h3 becomes 2, 3, 3, 2, 3', () => {
    const out = outlineHeadings('<h2>A</h2><h4>a1</h4><h4>a2</h4><h2>B</h2><h3>b1</h3>');
    expect(levels(out)).toEqual([2, 3, 3, 2, 3]);
    expect(out).toContain('<h3>a1</h3>');
  });

  it('never skips a level, whatever order the writer used', () => {
    const out = outlineHeadings('<h1>x</h1><h6>y</h6><h3>z</h3><h2>w</h2><h5>v</h5>');
    const shown = levels(out);
    expect(shown[0]).toBe(2);
    shown.slice(1).forEach((level, i) => expect(level).toBeLessThanOrEqual(shown[i]! + 1));
  });

  it('takes another starting level for text that sits inside a section', () => {
    expect(levels(outlineHeadings('<h2>A</h2><h3>B</h3>', 3))).toEqual([3, 4]);
  });

  it('keeps attributes and everything that is not a heading, and caps at h6', () => {
    expect(outlineHeadings('<h3 id="x">T</h3><p><b>h3</b> &lt;h3&gt;</p>')).toBe('<h2 id="x">T</h2><p><b>h3</b> &lt;h3&gt;</p>');
    expect(levels(outlineHeadings('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>', 5))).toEqual([5, 6, 6, 6, 6, 6]);
    expect(outlineHeadings('<p>no headings</p>')).toBe('<p>no headings</p>');
  });
});
