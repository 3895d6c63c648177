import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES } from '@lantern/contract';
import { createTestApp, HOSTS, type TestApp } from './harness.ts';
import { makeAccount, makeSku } from './catalog-factories.ts';
import { makeGroup } from './community-factories.ts';
import { makeHeadline, makeSection } from './headlines-factories.ts';
import { firstParagraph } from '../src/web/first-screens.ts';

/**
 * A guest landing on a game, headline or group page gets the page's first read inline and its first screen drawn
 * by the server (web/first-reads.ts, web/first-screens.ts; docs/decisions/0045-server-drawn-first-screens.md).
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--lantern-site--></head><body><div id="root"><!--lantern-first-screen--></div></body></html>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host: HOSTS.native, ...(cookie && { cookie }) } });
const inlineRead = (page: string) => page.match(/<script type="application\/json" id="lantern-first-read" data-api="([^"]+)">(.*?)<\/script>/s);
const firstScreen = (page: string) => page.match(/<div id="root"><main [^>]*aria-hidden="true" data-first-screen="">(.*?)<\/main>/s)?.[1];

describe("a guest's first screen", () => {
  it("carries the game page's answer, as the API gives it to a guest, and draws its title and first picture", async () => {
    const sku = await makeSku(t, { name: { en: 'Harbor Lights', chs: '港湾灯火' } });
    const api = await get(`/api/skus/${sku.id}?client=web&version=1`);
    const page = (await get(`/sku/${sku.id}`)).body;
    const read = inlineRead(page);
    expect(read?.[1]).toBe(`/api/skus/${sku.id}`);
    expect(JSON.parse(read![2]!)).toEqual(api.json());
    // The page's preload script is told the read is there: it does not fetch it again.
    expect(page).toContain(`"data":"/api/skus/${sku.id}"`);
    const screen = firstScreen(page);
    expect(screen).toContain('港湾灯火');
    const cover = api.json().sku_covers.horizontal as string;
    expect(screen).toContain(`<img src="${cover.replace(/&/g, '&amp;')}"`);
    expect(page).toContain(`<link rel="preload" as="image" href="${cover.replace(/&/g, '&amp;')}" fetchpriority="high">`);
  });

  it("draws a headline's title, summary, cover and first paragraph", async () => {
    const [editor, section] = [await makeAccount(t, { role: 'editor' }), await makeSection(t)];
    const headline = await makeHeadline(t, editor.id, section.id, { title: 'Winter sale opens', summary: 'Ten picks', contentHtml: '<p>Two weeks of <b>lower</b> prices &amp; more.</p><p>Second</p>' });
    const page = (await get(`/headlines/${headline.id}`)).body;
    expect(inlineRead(page)?.[1]).toBe(`/api/headlines/${headline.id}`);
    const screen = firstScreen(page)!;
    expect(screen).toContain('Winter sale opens');
    expect(screen).toContain('Ten picks');
    expect(screen).toContain('<p>Two weeks of lower prices &amp; more.</p>');
    expect(screen).not.toContain('Second');
  });

  it("draws a group's name and its game's cover", async () => {
    const { group } = await makeGroup(t, { en: 'Tide Walkers', chs: '踏潮者' });
    const page = (await get(`/community/groups/${group.id}`)).body;
    expect(inlineRead(page)?.[1]).toBe(`/api/groups/${group.id}`);
    expect(firstScreen(page)).toContain('踏潮者');
  });

  it('keeps member pages plain: a visitor with any session cookie of the site gets no guest answer', async () => {
    const sku = await makeSku(t);
    for (const name of [COOKIES.session('native'), COOKIES.refresh('native'), COOKIES.access('native')]) {
      const page = (await get(`/sku/${sku.id}`, `${name}=1`)).body;
      expect(inlineRead(page), name).toBeNull();
      expect(firstScreen(page), name).toBeUndefined();
    }
  });

  it('leaves a page the API does not answer to the app: a missing SKU is a 404 page without a first read', async () => {
    const res = await get('/sku/999999');
    expect(res.statusCode).toBe(404);
    expect(inlineRead(res.body)).toBeNull();
  });

  it('keeps the inline answer inert: a name cannot close the script element', async () => {
    const sku = await makeSku(t, { name: { en: '</script><script>alert(1)</script>', chs: '<!--' } });
    const page = (await get(`/sku/${sku.id}`)).body;
    const json = inlineRead(page)?.[2] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json).sku_names.chs).toBe('<!--');
    expect(firstScreen(page)).toContain('&lt;!--');
  });
});

describe('firstParagraph', () => {
  it("takes a body's opening paragraph as text, and nothing when the body opens otherwise", () => {
    expect(firstParagraph('<p class="x">A <a href="/y">link</a> here</p><p>B</p>')).toBe('A link here');
    expect(firstParagraph('<h2>Title</h2><p>B</p>')).toBeNull();
    expect(firstParagraph('<p> </p>')).toBeNull();
  });
});
