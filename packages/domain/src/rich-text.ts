/**
 * Headings inside stored rich text (docs/product/community.md#headings). Writers pick `h2`/`h3` (or seeded text
 * any level) freely, but the page around the body already has its own `h1` (and sections below it), so the
 * body's headings are re-levelled where they are shown: the first one takes `top`, and no heading is more than
 * one level below the one before it (WCAG "heading order": a reader who jumps by headings never skips a level).
 * The relative shape is kept: a sub-heading stays one level under its parent. Levels never go past 6.
 *
 * Works on sanitised HTML (the server's allow-list keeps only plain `<hN>` tags), so a tag-level rewrite is exact;
 * nothing but the heading tags' names changes.
 */
const HEADING_TAG = /<(\/?)h([1-6])(\s[^>]*)?>/gi;

export function outlineHeadings(html: string, top = 2): string {
  const first = Math.min(Math.max(Math.trunc(top), 1), 6);
  // Open sections: the writer's level and the level shown for it.
  const stack: { from: number; to: number }[] = [];
  let open: number | null = null;
  return html.replace(HEADING_TAG, (_tag, closing: string, level: string, attributes: string | undefined) => {
    if (closing) {
      const to = open ?? first;
      open = null;
      return `</h${to}>`;
    }
    const from = Number(level);
    while (stack.length > 0 && stack[stack.length - 1]!.from >= from) stack.pop();
    const parent = stack[stack.length - 1];
    const to = Math.min(parent ? parent.to + 1 : first, 6);
    stack.push({ from, to });
    open = to;
    return `<h${to}${attributes ?? ''}>`;
  });
}
