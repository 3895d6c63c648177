import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { COOKIES, TALKS_API } from '@lantern/contract';
import { LANGUAGES } from '@lantern/domain';
import { createTestApp, HOSTS, type TestApp } from '../support/harness.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';
import { makeHeadline, makeSection } from '../support/headlines-factories.ts';
import { firstParagraph, leadingParagraphs, TALKS_DRAWN } from '../../src/web/first-screens.ts';
import { TALKS_PAGE_TEXTS } from '../../src/web/site-texts.ts';
import { clients } from '../support/client.ts';

/**
 * A guest landing on a game, headline, group or talks page gets the page's first read inline and its first screen drawn
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

describe("a guest's talks page", () => {
  it("carries everyone's first page of talks and draws the page's top and its first talks, as text", async () => {
    const api = clients(t);
    const author = await makeAccount(t);
    const nickname = (await api.native.get('/api/me', { token: author.token })).json().nickname as string;
    const say = async (content: string) => expect((await api.native.post(TALKS_API.talks, { talk: { content } }, { token: author.token })).statusCode).toBe(201);
    await say('<p>Oldest words</p>');
    for (let i = 1; i <= TALKS_DRAWN; i++) await say(`<p>Talk number ${i} <b>bold</b> &amp; more</p><p>Its second line</p>`);
    const answer = (await get('/api/talks?client=web&version=1')).json();
    const page = (await get('/talks')).body;
    const read = inlineRead(page);
    expect(read?.[1]).toBe('/api/talks');
    expect(JSON.parse(read![2]!)).toEqual(answer);
    const screen = firstScreen(page)!;
    const texts = TALKS_PAGE_TEXTS['zh-CN'];
    for (const words of [texts.community, texts.title, texts.tagline, texts.everyone, texts.recommended]) expect(screen).toContain(words);
    // The newest talks, as many as a first screen shows: their words as text (tags dropped, entities kept).
    expect(screen).toContain(`<p>Talk number ${TALKS_DRAWN} bold &amp; more</p><p>Its second line</p>`);
    expect(screen).toContain(nickname);
    expect(screen).not.toContain('Oldest words');
    expect(screen).not.toContain('<b>');
    // A picture of the page, not the page: nothing in it can be focused or followed.
    expect(screen).not.toMatch(/<(a|button|input|textarea)[\s>]/);
  });

  it('leaves another tab, and a member, to the app', async () => {
    expect(inlineRead((await get('/talks?tab=recommend')).body)).toBeNull();
    expect(inlineRead((await get('/talks?tab=all')).body)?.[1]).toBe('/api/talks');
    const member = (await get('/talks', `${COOKIES.session('native')}=1`)).body;
    expect(inlineRead(member)).toBeNull();
    expect(firstScreen(member)).toBeUndefined();
  });

  it('draws the words the web app shows at the top of the page, in each language', () => {
    // The web's texts of a language: its core and each feature's bundle (apps/web/src/i18n/bundles.ts), keys in one place each.
    const web = new URL('../../../web/src/', import.meta.url);
    const read = (file: string) => JSON.parse(readFileSync(new URL(file, web), 'utf8')) as Record<string, Record<string, string>>;
    const locale = (language: string) => {
      const bundles = readdirSync(new URL('features/', web)).filter((f) => existsSync(new URL(`features/${f}/locale/${language}.json`, web)));
      return [`i18n/${language}.json`, ...bundles.map((f) => `features/${f}/locale/${language}.json`)].map(read).reduce((all, texts) => {
        for (const [branch, keys] of Object.entries(texts)) all[branch] = { ...all[branch], ...keys };
        return all;
      }, {});
    };
    for (const language of LANGUAGES) {
      const { community, people } = locale(language) as Record<'community' | 'people', Record<string, string>>;
      expect(TALKS_PAGE_TEXTS[language]).toEqual({ community: community.title, title: people.talks, tagline: people.talks_tagline, everyone: people.tab_all, recommended: people.tab_recommend });
    }
  });
});

describe('leadingParagraphs', () => {
  it("takes a body's opening paragraphs as text, up to a count, and stops at the first other block", () => {
    expect(leadingParagraphs('<p>A</p><p><i>B</i></p><p>C</p>', 2)).toEqual(['A', 'B']);
    expect(leadingParagraphs('<p>A</p><ul><li>x</li></ul><p>C</p>', 5)).toEqual(['A']);
    expect(leadingParagraphs('plain words', 5)).toEqual([]);
  });
});

describe('firstParagraph', () => {
  it("takes a body's opening paragraph as text, and nothing when the body opens otherwise", () => {
    expect(firstParagraph('<p class="x">A <a href="/y">link</a> here</p><p>B</p>')).toBe('A link here');
    expect(firstParagraph('<h2>Title</h2><p>B</p>')).toBeNull();
    expect(firstParagraph('<p> </p>')).toBeNull();
  });
});
