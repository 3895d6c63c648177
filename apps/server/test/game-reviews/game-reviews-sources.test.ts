import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { makeSku } from '../support/catalog-factories.ts';
import { importReviewApp } from '../../src/modules/game-reviews/index.ts';
import { platformReviews, reviewApps } from '../../src/modules/game-reviews/tables.ts';
import { ReviewSourceError, SandboxReviewSource, SteamReviewSource } from '../../src/platform/review-sources.ts';
import type { Deps } from '../../src/platform/deps.ts';

/**
 * The review sources: the sandbox's determinism, and the Steam adapter against a fake of Steam's review
 * feed on a loopback port (no outside network here) — paging by cursor, malformed answers, kept data.
 */

interface FakeReview { id: string; lang: string; text: string; up: boolean; votes: number }
let mode: 'ok' | 'html' | 'status' | 'shape' | 'failure' = 'ok';
let reviewsByLang: Record<string, FakeReview[]> = {};
const requests: URL[] = [];

function steamReview(r: FakeReview) {
  return {
    recommendationid: r.id, language: r.lang, review: r.text, voted_up: r.up, votes_up: r.votes, votes_funny: 1,
    timestamp_created: 1_750_000_000, author: { steamid: '7656119', playtime_at_review: 125, playtime_forever: 300 },
  };
}

let server: Server;
let baseUrl: string;
let t: TestApp;
let steamDeps: Deps;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    requests.push(url);
    if (mode === 'status') return void res.writeHead(503).end('busy');
    if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>captcha</html>');
    if (mode === 'shape') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: 1, reviews: 'nope', query_summary: {} }));
    if (mode === 'failure') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: 2 }));
    const language = url.searchParams.get('language')!;
    const all = language === 'all' ? Object.values(reviewsByLang).flat() : reviewsByLang[language] ?? [];
    const cursor = url.searchParams.get('cursor') ?? '*';
    const from = cursor === '*' ? 0 : Number(cursor.replace('c', ''));
    const perPage = Number(url.searchParams.get('num_per_page'));
    const page = perPage === 0 ? [] : all.slice(from, from + 2);
    // Steam answers the cursor it was given again once the feed ends.
    const next = from + 2 < all.length ? `c${from + 2}` : cursor;
    const body = {
      success: 1,
      query_summary: { num_reviews: page.length, review_score: 8, review_score_desc: 'Very Positive', total_positive: all.filter((r) => r.up).length * 100, total_negative: all.filter((r) => !r.up).length * 100, total_reviews: all.length * 100 },
      reviews: [...page.map(steamReview), ...(from === 0 && language === 'english' ? [{ recommendationid: 'broken', review: 42 }] : [])],
      cursor: next,
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  steamDeps = { ...t.deps, reviewSources: { steam: new SteamReviewSource({ baseUrl, timeoutMs: 2000 }), epic: t.deps.reviewSources.epic } };
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('sandbox review source', () => {
  it('answers the same reviews for the same app every time, different ones for another app', async () => {
    const a = new SandboxReviewSource('steam');
    const b = new SandboxReviewSource('steam');
    const first = await a.fetchReviews('570', null, 'english');
    expect(await b.fetchReviews('570', null, 'english')).toEqual(first);
    expect(await b.fetchSummary('570')).toEqual(await a.fetchSummary('570'));
    expect((await a.fetchReviews('730', null, 'english')).reviews[0]!.content).not.toBe(first.reviews[0]!.content);
    expect(first.reviews).toHaveLength(20);
    expect(first.cursor).toBe('20');
  });

  it('writes believable reviews in both languages and pages to the end', async () => {
    const source = new SandboxReviewSource('epic');
    const zh = await source.fetchReviews('fortnite-like', null, 'schinese');
    expect(zh.reviews.every((r) => /[\u4e00-\u9fff]/.test(r.content) && r.language === 'schinese')).toBe(true);
    expect(zh.reviews.every((r) => r.playtimeSeconds > 0 && r.postedAt > 1_600_000_000 && r.helpfulCount >= 0)).toBe(true);
    expect(new Set(zh.reviews.map((r) => r.recommended)).size).toBe(2);
    let cursor: string | null = null;
    let total = 0;
    do {
      const page = await source.fetchReviews('fortnite-like', cursor, 'english');
      total += page.reviews.length;
      cursor = page.cursor;
    } while (cursor !== null);
    expect(total).toBeGreaterThanOrEqual(30);
    expect((await source.fetchReviews('fortnite-like', null, 'german')).reviews).toEqual([]);
    await expect(source.fetchReviews('x', 'garbage', 'english')).rejects.toBeInstanceOf(ReviewSourceError);
    const summary = await source.fetchSummary('fortnite-like');
    expect(summary.positive + summary.negative).toBe(summary.total);
  });
});

describe('Steam review feed adapter', () => {
  it('follows the cursor to the end, stops when Steam repeats it, and skips a malformed review', async () => {
    mode = 'ok';
    reviewsByLang = {
      english: Array.from({ length: 5 }, (_, i) => ({ id: `e${i}`, lang: 'english', text: `Great game ${i}`, up: i !== 2, votes: 10 * i })),
    };
    const source = new SteamReviewSource({ baseUrl });
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await source.fetchReviews('1245620', cursor, 'english');
      pages.push(page.reviews.map((r) => r.sourceId));
      cursor = page.cursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages).toEqual([['e0', 'e1'], ['e2', 'e3'], ['e4']]);
    const first = await source.fetchReviews('1245620', null, 'english');
    expect(first.reviews[0]).toEqual({ sourceId: 'e0', language: 'english', content: 'Great game 0', recommended: true, helpfulCount: 0, funnyCount: 1, playtimeSeconds: 125 * 60, authorName: '', postedAt: 1_750_000_000 });
    const last = requests.at(-1)!;
    expect(last.pathname).toBe('/appreviews/1245620');
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ json: '1', language: 'english', cursor: '*' });
    expect(await source.fetchSummary('1245620')).toEqual({ total: 500, positive: 400, negative: 100 });
    await expect(source.fetchReviews('../etc', null, 'english')).rejects.toBeInstanceOf(ReviewSourceError);
  });

  it('imports through the adapter, and keeps the old copies and summary when Steam answers nonsense', async () => {
    mode = 'ok';
    reviewsByLang = {
      english: Array.from({ length: 3 }, (_, i) => ({ id: `en-${i}`, lang: 'english', text: `Solid ${i}\u0000`, up: true, votes: i })),
      schinese: [{ id: 'zh-1', lang: 'schinese', text: '很好玩', up: true, votes: 7 }],
    };
    const sku = await makeSku(t);
    const [app] = await t.deps.db.insert(reviewApps).values({ productId: sku.productId, platform: 'steam', externalId: '440', createdAt: t.clock.now() }).returning();
    expect(await importReviewApp(steamDeps, app!)).toMatchObject({ ok: true, written: 4 });
    const stored = await t.deps.db.select().from(platformReviews).where(eq(platformReviews.appId, app!.id));
    expect(stored.map((r) => [r.sourceId, r.area]).sort()).toEqual([['en-0', 'abroad'], ['en-1', 'abroad'], ['en-2', 'abroad'], ['zh-1', 'native']]);
    expect(stored.find((r) => r.sourceId === 'en-0')!.content).toBe('Solid 0');
    const synced = (await t.deps.db.select().from(reviewApps).where(eq(reviewApps.id, app!.id)))[0]!;
    expect(synced).toMatchObject({ totalCount: 400, positiveCount: 400, lastError: null });

    for (const broken of ['html', 'status', 'shape', 'failure'] as const) {
      mode = broken;
      const result = await importReviewApp(steamDeps, synced);
      expect(result.ok).toBe(false);
      const after = (await t.deps.db.select().from(reviewApps).where(eq(reviewApps.id, app!.id)))[0]!;
      expect(after).toMatchObject({ totalCount: 400, positiveCount: 400, syncedAt: synced.syncedAt });
      expect(after.lastError).toEqual(expect.any(String));
      expect(await t.deps.db.select().from(platformReviews).where(eq(platformReviews.appId, app!.id))).toHaveLength(4);
    }

    mode = 'ok';
    reviewsByLang.english![0]!.votes = 99;
    expect(await importReviewApp(steamDeps, synced)).toMatchObject({ ok: true });
    const [updated] = await t.deps.db.select().from(platformReviews).where(eq(platformReviews.sourceId, 'en-0'));
    expect(updated!.helpfulCount).toBe(99);
    expect((await t.deps.db.select().from(reviewApps).where(eq(reviewApps.id, app!.id)))[0]!.lastError).toBeNull();
  });

  it('gives up on a feed that does not answer in time', async () => {
    const silent = createServer(() => { /* never answers */ });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const source = new SteamReviewSource({ baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 100 });
    await expect(source.fetchSummary('440')).rejects.toBeInstanceOf(ReviewSourceError);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
