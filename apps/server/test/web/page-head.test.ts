import { describe, expect, it } from 'vitest';
import { clip, escapeHtml, renderHead } from '../../src/web/page-head.ts';
import { absoluteUrl } from '../../src/web/page-facts.ts';
import { robotsTxt } from '../../src/web/robots.ts';

/** The head the server writes for a page (docs/product/screens.md#page-metadata), without a database. */
describe('page heads', () => {
  it('escapes everything that could end an attribute or an element', () => {
    expect(escapeHtml(`</title><script>a("x") & 'y'</script>`)).toBe('&lt;/title&gt;&lt;script&gt;a(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;');
  });

  it('clips long texts on whole characters, whitespace collapsed', () => {
    expect(clip('  a \n\t b  ', 10)).toBe('a b');
    expect(clip('😀'.repeat(10), 4)).toBe('😀😀😀…');
    expect(clip('x'.repeat(300), 200)).toHaveLength(200);
  });

  it('writes the alternates with x-default the international site, and no preview for a missing page', () => {
    const head = renderHead({ title: 'T', description: 'D', canonical: 'https://a/x', alternates: { native: 'https://cn/x', abroad: 'https://en/x' } }, 'Lantern', 'abroad');
    expect(head).toContain('<link rel="alternate" hreflang="zh-CN" href="https://cn/x">');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://en/x">');
    expect(head).toContain('<meta property="og:url" content="https://a/x">');
    const missing = renderHead({ title: 'Page not found', description: 'D', noindex: true, noPreview: true }, 'Lantern', 'abroad');
    expect(missing).toBe('<title>Page not found</title><meta name="description" content="D"><meta name="robots" content="noindex">');
  });

  it('makes a site-relative picture absolute and keeps an absolute one', () => {
    expect(absoluteUrl('https://cn.example/', '/uploads/a.png')).toBe('https://cn.example/uploads/a.png');
    expect(absoluteUrl('https://cn.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });

  it('keeps crawlers out of the private pages and names the sitemap', () => {
    const robots = robotsTxt('https://cn.example/');
    expect(robots).toContain('Disallow: /user_center\n');
    expect(robots.trim().split('\n').at(-1)).toBe('Sitemap: https://cn.example/sitemap.xml');
  });
});
