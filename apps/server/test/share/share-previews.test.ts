import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TALKS_API } from '@lantern/contract';
import { createTestApp, HOSTS, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';

/** Shared post and talk pages carry Open Graph tags in the HTML the server sends (docs/product/people.md#share). */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lantern-og-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><!--lantern-site--></head><body><div id="root"></div></body></html>');
  // With the shared-reads cache on, as in production: each page here is asked for once, and a page's head comes through it.
  t = await createTestApp({ webDist: dist, env: { SITE_URL_NATIVE: 'https://cn.lantern.example', SITE_URL_ABROAD: 'https://global.lantern.example', CATALOG_CACHE_SECONDS: '60' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, area: keyof typeof HOSTS = 'native') => t.app.inject({ method: 'GET', url, headers: { host: HOSTS[area] } });

describe('link previews', () => {
  it('puts the post\'s words, escaped, and its address on this site into the page', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(t, author, group.id, { content: '<p>Tips &amp; "tricks" <b>here</b></p>' });
    const res = await page(`/posts/${post}`, 'abroad');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:site_name" content="Lantern">');
    expect(res.body).toContain('<meta property="og:title" content="Tips &amp; &quot;tricks&quot; here">');
    expect(res.body).toContain(`<meta property="og:url" content="https://global.lantern.example/posts/${post}">`);
    expect((await page(`/posts/${post}`)).body).toContain('content="灯笼游戏"');
  });

  it('gives a talk its author and words, and a missing target the 404 page without them', async () => {
    const author = await makeAccount(t);
    const talk = (await clients(t).native.post(TALKS_API.talks, { talk: { content: 'short <i>and</i> sweet' } }, { token: author.token })).json().talk.id as number;
    const res = await page(`/talks/${talk}`);
    expect(res.body).toContain('<meta property="og:description" content="short and sweet">');
    expect(res.body).toMatch(/<meta property="og:title" content="@buyer_/);
    const missing = await page('/talks/987654321');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('og:title');
    expect(missing.body).toContain('<div id="root">');
  });
});
