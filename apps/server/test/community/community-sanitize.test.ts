import { describe, expect, it } from 'vitest';
import { mentionedIds, plainTextOf, sanitizeRichText as clean } from '../../src/modules/community/sanitize.ts';

describe('community rich-text sanitiser: what a writer may keep', () => {
  it('keeps paragraphs, h2–h3, emphasis, lists, quotes and code', () => {
    const html = '<h2>标题</h2><p><strong>b</strong> <em>i</em> <s>s</s></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x &lt; y</code></pre>';
    expect(clean(html)).toBe(html);
  });
  it('maps b, i, del and strike to their kept forms and drops h1, h4 and divs but keeps their text', () => {
    expect(clean('<b>a</b><i>b</i><del>c</del><strike>d</strike>')).toBe('<strong>a</strong><em>b</em><s>c</s><s>d</s>');
    expect(clean('<h1>Big</h1><h4>small</h4><div><span>text</span></div>')).toBe('Bigsmalltext');
  });
  it('marks every link nofollow ugc, opens outside links apart, keeps same-site paths', () => {
    expect(clean('<a href="https://example.com/a?b=1">x</a>')).toBe('<a href="https://example.com/a?b=1" rel="nofollow ugc" target="_blank">x</a>');
    expect(clean('<a href="/sku/12" rel="opener" target="_self">x</a>')).toBe('<a href="/sku/12" rel="nofollow ugc">x</a>');
  });
  it('keeps @mention links to /users/{id} and finds who was mentioned', () => {
    const html = clean('<p>hi <a href="/users/42" class="mention" onclick="x()">@Owl</a> and <a href="/users/7">@灯笼</a></p>');
    expect(html).toBe('<p>hi <a href="/users/42" data-mention="42" rel="nofollow ugc">@Owl</a> and <a href="/users/7" data-mention="7" rel="nofollow ugc">@灯笼</a></p>');
    expect(mentionedIds(html)).toEqual([42, 7]);
  });
  it('keeps images only from our own /uploads/ paths', () => {
    expect(clean('<img src="/uploads/2026/11/a.webp" alt="shot" width="640" height="abc" onerror="x()">')).toBe('<img src="/uploads/2026/11/a.webp" alt="shot" width="640" />');
    expect(clean('<p><img src="https://evil.example/a.png"><img src="/uploads/../secrets"><img src="//evil.example/uploads/a.png"><img src="/media/x.png"></p>')).toBe('<p></p>');
  });
});

describe('community rich-text sanitiser: hostile HTML', () => {
  it('drops scripts, styles and their contents', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{color:red}</style><SCRIPT SRC=//x.js></SCRIPT>')).toBe('<p>a</p>');
  });
  it('drops every on* handler and style attribute', () => {
    expect(clean('<p onclick="x()" onmouseover=y style="background:url(javascript:z)">t</p>')).toBe('<p>t</p>');
  });
  it('unlinks javascript:, vbscript: and data: URLs, however disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'jav&#x61;script:alert(1)', '&#106;avascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox', '//evil.example', '/\\evil.example']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('x');
    }
  });
  it('drops SVG, MathML, iframes, objects, embeds, forms and meta refreshes', () => {
    expect(clean('<svg onload="x()"><script>y()</script><a xlink:href="javascript:z">t</a></svg>ok')).toBe('ok');
    expect(clean('<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><math><mi>z</mi></math>ok')).toBe('ok');
    expect(clean('<form action="/x"><input name="a"><button>go</button></form><meta http-equiv="refresh" content="0;url=x">')).toBe('go');
  });
  it('survives nested and broken tricks', () => {
    expect(clean('<scr<script>ipt>alert(1)</scr</script>ipt>')).not.toMatch(/<script/i);
    expect(clean('<p><a href="javascript:x"><img src="x" onerror="y()">t</a></p>')).toBe('<p>t</p>');
    expect(clean('<<img src=x onerror=alert(1)>p>')).not.toMatch(/onerror|<img/);
    expect(clean('<a href="https://ok.example" onclick="x">a<script>b</script></a>')).toBe('<a href="https://ok.example/" rel="nofollow ugc" target="_blank">a</a>');
    expect(clean('<!-- <script>x</script> --><p>c</p>')).toBe('<p>c</p>');
    expect(clean('<img src="/uploads/a.png" src="javascript:x">')).toBe('<img src="/uploads/a.png" alt="" />');
  });
});

describe('plain text of sanitised HTML', () => {
  it('is the readable text with entities decoded and blocks spaced', () => {
    expect(plainTextOf('<h2>攻略</h2><p>Tom &amp; Jerry &lt;3</p><ul><li>a</li><li>b</li></ul>')).toBe('攻略 Tom & Jerry <3 a b');
  });
});
