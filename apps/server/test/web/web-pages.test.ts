import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TALKS_API } from '@lantern/contract';
import { createTestApp, HOSTS, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku, names } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { makeHeadline, makeSection } from '../support/headlines-factories.ts';
import { posts } from '../../src/modules/community/tables.ts';
import { talks } from '../../src/modules/talks/tables.ts';
import { headlines } from '../../src/modules/headlines/tables.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';

/**
 * What a crawler and a stranger get from the server for a web address (docs/product/screens.md#status-codes,
 * #page-metadata): the status, and the page's head, before any of the app's code runs.
 */
let t: TestApp;
let dist: string;
const NATIVE_URL = 'https://cn.lantern.example';
const ABROAD_URL = 'https://global.lantern.example';
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-pages-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Lantern 灯笼游戏</title><!--lantern-site--></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ webDist: dist, env: { SITE_URL_NATIVE: NATIVE_URL, SITE_URL_ABROAD: ABROAD_URL } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, area: keyof typeof HOSTS = 'native') => t.app.inject({ method: 'GET', url, headers: { host: HOSTS[area] } });
const titleOf = (html: string) => html.match(/<title>(.*?)<\/title>/s)?.[1];
const titles = (html: string) => html.match(/<title>/g)?.length ?? 0;

/** The app's page, whatever its status: the web shows its own not-found view from it. */
function expectAppPage(body: string, language: 'zh-CN' | 'en' = 'zh-CN') {
  expect(body).toContain(`<html lang="${language}"`);
  expect(body).toContain('<div id="root">');
  expect(body).toContain('window.__LANTERN__=');
}

describe('status codes of web addresses', () => {
  it('answers 404 with the app page for an address no page has, and for /404 itself', async () => {
    for (const url of ['/nothing-here', '/posts', '/sku/1/extra', '/user_center/nope', '/404']) {
      const res = await get(url, 'abroad');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expectAppPage(res.body, 'en');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(titleOf(res.body)).toBe('Page not found · Lantern');
    }
    expect(titleOf((await get('/nothing-here')).body)).toBe('页面不存在 · 灯笼游戏');
  });

  it('answers 200 for the pages the web has, with or without a trailing slash or a query', async () => {
    for (const url of ['/community', '/community/', '/headlines/drafts', '/sign_in?return_addr=%2F', '/terms', '/privacy', '/oauth/steam/callback', '/community/groups/5']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers a HEAD with the status a GET would have', async () => {
    const head = (url: string) => t.app.inject({ method: 'HEAD', url, headers: { host: HOSTS.native } });
    expect((await head('/community')).statusCode).toBe(200);
    expect((await head('/no-such-page')).statusCode).toBe(404);
    expect((await head('/posts/987654321')).statusCode).toBe(404);
  });

  it('answers JSON 404 for unknown API paths, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v9/nothing', headers: { host: HOSTS.native } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
    }
  });

  it('answers a post 200, a deleted one 410, an unpublished, missing or malformed one 404', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const shown = await publishPost(t, author, group.id, { content: '<p>words</p>' });
    const deleted = await publishPost(t, author, group.id);
    await t.deps.db.update(posts).set({ deletedAt: t.clock.now() }).where(eq(posts.id, deleted));
    const hidden = await publishPost(t, author, group.id);
    await t.deps.db.update(posts).set({ status: 'hidden' }).where(eq(posts.id, hidden));
    expect((await get(`/posts/${shown}`)).statusCode).toBe(200);
    const gone = await get(`/posts/${deleted}`);
    expect(gone.statusCode).toBe(410);
    expectAppPage(gone.body);
    expect(gone.body).not.toContain('og:title');
    for (const url of [`/posts/${hidden}`, '/posts/987654321', '/posts/abc', '/posts/0']) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('answers a talk 200, a deleted one 410', async () => {
    const author = await makeAccount(t);
    const talk = (await clients(t).native.post(TALKS_API.talks, { talk: { content: 'hello there' } }, { token: author.token })).json().talk.id as number;
    expect((await get(`/talks/${talk}`)).statusCode).toBe(200);
    await t.deps.db.update(talks).set({ deletedAt: t.clock.now() }).where(eq(talks.id, talk));
    expect((await get(`/talks/${talk}`)).statusCode).toBe(410);
  });

  it("answers a headline 200 on its site, 404 on the other site or hidden, 410 deleted", async () => {
    const editor = await makeAccount(t, { role: 'editor' });
    const section = await makeSection(t);
    const headline = await makeHeadline(t, editor.id, section.id, { title: 'Autumn sale opens', summary: 'Two weeks of deals', coverUrl: '/uploads/cover.jpg' });
    const shown = await get(`/headlines/${headline.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<meta property="og:title" content="Autumn sale opens">');
    expect(shown.body).toContain('<meta property="og:description" content="Two weeks of deals">');
    expect(shown.body).toContain(`<meta property="og:image" content="${NATIVE_URL}/uploads/cover.jpg">`);
    // Each site has its own articles: no alternate on the other site.
    expect(shown.body).not.toContain('hreflang');
    expect((await get(`/headlines/${headline.id}`, 'abroad')).statusCode).toBe(404);
    await t.deps.db.update(headlines).set({ state: 'hidden' }).where(eq(headlines.id, headline.id));
    expect((await get(`/headlines/${headline.id}`)).statusCode).toBe(404);
    await t.deps.db.update(headlines).set({ deletedAt: t.clock.now() }).where(eq(headlines.id, headline.id));
    expect((await get(`/headlines/${headline.id}`)).statusCode).toBe(410);
  });

  it("answers a member's page 200, a closed account's 410, no account's 404", async () => {
    const member = await makeAccount(t);
    const [row] = await t.deps.db.select({ nickname: accounts.nickname }).from(accounts).where(eq(accounts.id, member.id));
    const page = await get(`/users/${member.id}`, 'abroad');
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe(`${row!.nickname} · Lantern`);
    expect(page.body).toContain('<meta property="og:type" content="profile">');
    await t.deps.db.update(accounts).set({ closedAt: t.clock.now() }).where(eq(accounts.id, member.id));
    expect((await get(`/users/${member.id}`)).statusCode).toBe(410);
    expect((await get('/users/987654321')).statusCode).toBe(404);
  });

  it("answers a SKU of this site 200, another site's or a missing one 404", async () => {
    const sku = await makeSku(t, { name: names('Star Harbor', '星港') });
    const page = await get(`/sku/${sku.id}`);
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe('星港 · 灯笼游戏');
    expect(page.body).toContain(`<link rel="canonical" href="${NATIVE_URL}/sku/${sku.id}">`);
    expect(page.body).toContain('<meta property="og:image" content="https://cn.lantern.example/media/covers/');
    expect((await get(`/sku/${sku.id}`, 'abroad')).statusCode).toBe(404);
    expect((await get('/sku/987654321')).statusCode).toBe(404);
    const unpublished = await makeSku(t, { status: 'unpublished' });
    expect((await get(`/sku/${unpublished.id}`)).statusCode).toBe(404);
  });

  it("opens a SKU locked to another region as its product's first SKU in the viewer's region", async () => {
    const first = await makeSku(t, { region: 'cn', editionPosition: 1 });
    const locked = await makeSku(t, { productId: first.productId, region: 'hk', editionPosition: 0 });
    const later = await makeSku(t, { productId: first.productId, editionPosition: 2 });
    // A guest on the mainland site is in the site's default region (cn).
    const api = await get(API.sku(locked.id));
    expect(api.statusCode).toBe(200);
    expect(api.json().id).toBe(first.id);
    expect(api.json().editions.map((e: { id: number }) => e.id)).toEqual([first.id, later.id]);
    const page = await get(`/sku/${locked.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${NATIVE_URL}/sku/${first.id}">`);
    // With no SKU of its product in the region, the API still answers 404; the page is there for that region, unindexed.
    const alone = await makeSku(t, { region: 'hk' });
    expect((await get(API.sku(alone.id))).statusCode).toBe(404);
    const lonely = await get(`/sku/${alone.id}`);
    expect(lonely.statusCode).toBe(200);
    expect(lonely.body).toContain('<meta name="robots" content="noindex">');
  });
});

describe('page heads', () => {
  it('gives a post its title, description, canonical address, both sites as alternates and its link preview', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(t, author, group.id, { content: '<p>Dodge <b>left</b>, then strike.</p>' });
    await t.deps.db.update(posts).set({ title: 'Boss guide' }).where(eq(posts.id, post));
    const body = (await get(`/posts/${post}`, 'abroad')).body;
    expect(titles(body)).toBe(1);
    expect(titleOf(body)).toBe('Boss guide · Lantern');
    expect(body).toContain('<meta name="description" content="Dodge left, then strike.">');
    expect(body).toContain(`<link rel="canonical" href="${ABROAD_URL}/posts/${post}">`);
    expect(body).toContain(`<link rel="alternate" hreflang="zh-CN" href="${NATIVE_URL}/posts/${post}">`);
    expect(body).toContain(`<link rel="alternate" hreflang="en" href="${ABROAD_URL}/posts/${post}">`);
    expect(body).toContain(`<link rel="alternate" hreflang="x-default" href="${ABROAD_URL}/posts/${post}">`);
    expect(body).toContain('<meta property="og:type" content="article">');
    expect(body).toContain('<meta property="og:locale" content="en_US">');
    expect(body).toContain('<meta name="twitter:card" content="summary">');
    expect(body).toContain('<meta name="twitter:title" content="Boss guide">');
    expect(body).not.toContain('<meta name="robots"');
  });

  it('escapes a title that tries to close the title element and start a script', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(t, author, group.id, { content: '<p>x</p>' });
    // Written as stored: whatever a title holds, the head must keep it text.
    await t.deps.db.update(posts).set({ title: '</title><script>alert(1)</script>"\'' }).where(eq(posts.id, post));
    const body = (await get(`/posts/${post}`)).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(titles(body)).toBe(1);
    expect(titleOf(body)).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; · 灯笼游戏');
    expect(body).toContain('<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;">');
  });

  it("gives every page the site's title in its language, and keeps the user centre and errors out of indexes", async () => {
    const native = (await get('/community')).body;
    expect(titleOf(native)).toBe('灯笼游戏 — 正版游戏激活码与玩家社区');
    expect(native).toContain(`<link rel="canonical" href="${NATIVE_URL}/community">`);
    expect(native).toContain(`<link rel="alternate" hreflang="en" href="${ABROAD_URL}/community">`);
    expect(titleOf((await get('/community', 'abroad')).body)).toBe('Lantern — PC game keys and a community of players');
    const home = (await get('/home', 'abroad')).body;
    expect(home).toContain(`<link rel="canonical" href="${ABROAD_URL}/">`);
    for (const url of ['/user_center/wallet', '/orders/5/checkout', '/cart', '/500']) {
      const body = (await get(url)).body;
      expect(body, url).toContain('<meta name="robots" content="noindex">');
      expect(body, url).not.toContain('rel="canonical"');
    }
  });
});

describe('robots.txt and sitemaps', () => {
  it("keeps crawlers out of the API, the user centre, checkout and messages, and names the site's sitemap", async () => {
    for (const [area, url] of [['native', NATIVE_URL], ['abroad', ABROAD_URL]] as const) {
      const res = await get('/robots.txt', area);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const lines = res.body.split('\n');
      for (const path of ['/api/', '/user_center', '/setting', '/orders', '/cart', '/transition', '/messages']) expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Sitemap: ${url}/sitemap.xml`);
    }
  });

  it("lists each site's games, posts and headlines in its sitemap files", async () => {
    const sku = await makeSku(t);
    const abroadSku = await makeSku(t, { area: 'abroad' });
    const hidden = await makeSku(t, { status: 'unpublished' });
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(t, author, group.id);
    const editor = await makeAccount(t, { role: 'editor' });
    const section = await makeSection(t);
    const headline = await makeHeadline(t, editor.id, section.id);

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    for (const file of ['pages.xml', 'games-1.xml', 'posts-1.xml', 'headlines-1.xml']) expect(index.body).toContain(`<loc>${NATIVE_URL}/sitemaps/${file}</loc>`);

    const games = (await get('/sitemaps/games-1.xml')).body;
    expect(games).toContain(`<loc>${NATIVE_URL}/sku/${sku.id}</loc>`);
    expect(games).not.toContain(`/sku/${abroadSku.id}<`);
    expect(games).not.toContain(`/sku/${hidden.id}<`);
    expect((await get('/sitemaps/games-1.xml', 'abroad')).body).toContain(`<loc>${ABROAD_URL}/sku/${abroadSku.id}</loc>`);
    expect((await get('/sitemaps/posts-1.xml', 'abroad')).body).toMatch(new RegExp(`<loc>${ABROAD_URL}/posts/${post}</loc><lastmod>\\d{4}-`));
    expect((await get('/sitemaps/headlines-1.xml')).body).toContain(`<loc>${NATIVE_URL}/headlines/${headline.id}</loc>`);
    const pages = (await get('/sitemaps/pages.xml')).body;
    for (const path of ['/', '/community', '/headlines', '/terms', '/privacy']) expect(pages).toContain(`<loc>${NATIVE_URL}${path}</loc>`);
    expect(pages).not.toContain('user_center');

    for (const file of ['games-2.xml', 'games-21.xml', 'nothing-1.xml', 'games.xml', '..%2Fpackage.json']) {
      expect((await get(`/sitemaps/${file}`)).statusCode, file).toBe(404);
    }
  });
});
