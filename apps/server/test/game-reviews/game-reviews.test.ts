import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { positivePercent, STEAM_SCORE_LABELS, steamScoreKey } from '@lantern/domain';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { importPlatformReviews, steamReviewLikeCounts, steamReviewTargetFacts } from '../../src/modules/game-reviews/index.ts';
import { platformReviews, reviewApps, votes } from '../../src/modules/game-reviews/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let admin: { id: number; token: string };
/** One game on both sites, its Steam app and Epic product linked and imported from the sandboxes. */
let game: { native: number; abroad: number; productId: number };
let bare: { native: number };

beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
  const native = await makeSku(t);
  const abroad = await makeSku(t, { area: 'abroad', productId: native.productId });
  game = { native: native.id, abroad: abroad.id, productId: native.productId };
  bare = { native: (await makeSku(t)).id };
  for (const [platform, externalId] of [['steam', '1245620'], ['epic', 'sandbox-epic-1']] as const) {
    const res = await api.native.post('/api/admin/review_apps', { review_app: { product_id: game.productId, platform, external_id: externalId } }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect(await importPlatformReviews(t.deps)).toMatchObject({ apps: 2, failed: 0 });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
type Review = { id: number; language: string; helpful_count: number; posted_at_timestamp: number; likes_count: number; sku_id: number; area: string; content: string; recommended: boolean; playtime_at_review: number };

describe('review import', () => {
  it('stores each platform review once, and a second run updates instead of adding', async () => {
    const before = (await t.deps.db.select({ n: count() }).from(platformReviews))[0]!.n;
    expect(before).toBeGreaterThan(100);
    await importPlatformReviews(t.deps);
    expect((await t.deps.db.select({ n: count() }).from(platformReviews))[0]!.n).toBe(before);
    const [app] = await t.deps.db.select().from(reviewApps).where(eq(reviewApps.externalId, '1245620'));
    expect(app!.totalCount).toBeGreaterThan(0);
    expect(app!.syncedAt).not.toBeNull();
    expect(app!.lastError).toBeNull();
  });

  it('links games only for staff, and refuses unknown products and non-numeric Steam ids', async () => {
    const body = { review_app: { product_id: game.productId, platform: 'steam', external_id: '1245620' } };
    expect((await api.native.post('/api/admin/review_apps', body)).statusCode).toBe(401);
    const user = await makeAccount(t);
    expect((await api.native.post('/api/admin/review_apps', body, { token: user.token })).statusCode).toBe(403);
    const bad = await api.native.post('/api/admin/review_apps', { review_app: { ...body.review_app, external_id: 'abc' } }, { token: admin.token });
    expect(bad.json().errors).toEqual({ external_id: ['invalid'] });
    const unknown = await api.native.post('/api/admin/review_apps', { review_app: { ...body.review_app, product_id: 987654321 } }, { token: admin.token });
    expect(unknown.json().errors).toEqual({ product_id: ['invalid'] });
    const other = await makeSku(t);
    const taken = await api.native.post('/api/admin/review_apps', { review_app: { ...body.review_app, product_id: other.productId } }, { token: admin.token });
    expect(taken.json().errors).toEqual({ external_id: ['taken'] });
  });
});

describe('GET /api/search/steam_reviews', () => {
  it("lists the site's own language, most helpful first, 7 a page, with likes_count", async () => {
    const res = await api.native.get(`/api/search/steam_reviews?sku_id=${game.native}`);
    expect(res.statusCode, res.body).toBe(200);
    const { steam_reviews: page1, meta } = res.json() as { steam_reviews: Review[]; meta: { total_count: number; page: number; per: number } };
    expect(meta).toMatchObject({ page: 1, per: 7 });
    expect(meta.total_count).toBeGreaterThan(20);
    expect(page1).toHaveLength(7);
    expect(page1.every((r) => r.language === 'schinese' && r.area === 'native' && r.sku_id === game.native && r.likes_count === 0)).toBe(true);
    const helpful = page1.map((r) => r.helpful_count);
    expect(helpful).toEqual([...helpful].sort((a, b) => b - a));
    const page2 = (await api.native.get(`/api/search/steam_reviews?q[sku_id_eq]=${game.native}&page=2`)).json().steam_reviews as Review[];
    expect(page2[0]!.helpful_count).toBeLessThanOrEqual(page1[6]!.helpful_count);
    expect(page2.map((r) => r.id)).not.toContain(page1[0]!.id);
    const english = (await api.abroad.get(`/api/search/steam_reviews?sku_id=${game.abroad}&per=50`)).json().steam_reviews as Review[];
    expect(english.every((r) => r.language === 'english' && /[a-z]/i.test(r.content))).toBe(true);
    expect(english.some((r) => r.recommended) && english.some((r) => r.playtime_at_review > 0)).toBe(true);
  });

  it('counts this store\'s likes on a Steam review (POST /api/likes, SteamReview)', async () => {
    const first = ((await api.native.get(`/api/search/steam_reviews?sku_id=${game.native}`)).json().steam_reviews as Review[])[0]!;
    const fans = await Promise.all([makeAccount(t), makeAccount(t)]);
    for (const fan of fans) {
      const res = await api.native.post('/api/likes', { like: { accessible_type: 'SteamReview', accessible_id: first.id } }, { token: fan.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const again = ((await api.native.get(`/api/search/steam_reviews?sku_id=${game.native}`)).json().steam_reviews as Review[]).find((r) => r.id === first.id);
    expect(again!.likes_count).toBe(2);
  });

  it('answers an empty list for a game without a Steam app, and refuses a missing, unknown or other-site SKU', async () => {
    expect((await api.native.get(`/api/search/steam_reviews?sku_id=${bare.native}`)).json()).toEqual({ steam_reviews: [], meta: { total_count: 0, page: 1, per: 7 } });
    expect((await api.native.get('/api/search/steam_reviews')).json().errors).toEqual({ sku_id: ['blank'] });
    expect((await api.native.get('/api/search/steam_reviews?sku_id=987654321')).statusCode).toBe(404);
    expect((await api.native.get(`/api/search/steam_reviews?sku_id=${game.abroad}`)).statusCode).toBe(404);
    expect((await api.native.get('/api/search/steam_reviews?sku_id=x')).statusCode).toBe(422);
    expect((await api.native.get(`/api/search/steam_reviews?sku_id=${game.native}&per=500`)).statusCode).toBe(422);
  });
});

describe('forum host: review lists', () => {
  it('/forum/community/search/steam_reviews: several SKUs, at least helpful_count helpful votes, camelCase in the envelope', async () => {
    const res = await api.native.get(`/forum/community/search/steam_reviews?skuIdList=${game.native},${bare.native}&helpful_count=100&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, errorMsg: null, data: { page: 1, size: 50 } });
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.every((r: { helpfulCount: number; skuId: number }) => r.helpfulCount >= 100 && r.skuId === game.native)).toBe(true);
    expect(Object.keys(body.data.list[0]).sort()).toEqual(['area', 'authorName', 'content', 'funnyCount', 'helpfulCount', 'id', 'language', 'likesCount', 'platform', 'playtimeAtReview', 'postedTimestamp', 'recommended', 'skuId']);
  });

  it('answers refusals in the envelope with the site\'s words and the reason', async () => {
    const bad = await api.native.get('/forum/community/search/steam_reviews?skuIdList=a,b');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ code: 422, data: null, errorMsg: '参数错误', reason: 'invalid' });
    const missing = await api.abroad.get('/community/sku/steamReviewList?skuId=987654321');
    expect(missing.json()).toEqual({ code: 404, data: null, errorMsg: 'Cannot find the resource', reason: 'not_found' });
  });

  it('/community/sku/steamReviewList and /forum/community/search/epic_reviews: one SKU, paged', async () => {
    const steam = (await api.native.get(`/community/sku/steamReviewList?skuId=${game.native}&page=2&size=5`)).json();
    expect(steam).toMatchObject({ code: 200, data: { page: 2, size: 5 } });
    expect(steam.data.list).toHaveLength(5);
    const epic = (await api.abroad.get(`/forum/community/search/epic_reviews?skuId=${game.abroad}`)).json();
    expect(epic.data.list.length).toBe(7);
    expect(epic.data.list.every((r: { platform: string; language: string }) => r.platform === 'epic' && r.language === 'english')).toBe(true);
    expect((await api.native.get(`/forum/community/search/epic_reviews?skuId=${bare.native}`)).json().data).toEqual({ list: [], total: 0, page: 1, size: 7 });
  });
});

describe('GET /forum/gameScore/sku/steamEvaluation', () => {
  it("gives Steam's summary and its label in the site's language", async () => {
    const [app] = await t.deps.db.select().from(reviewApps).where(eq(reviewApps.externalId, '1245620'));
    const percent = positivePercent(app!.positiveCount, app!.totalCount);
    const key = steamScoreKey(app!.totalCount, percent);
    const native = (await api.native.get(`/forum/gameScore/sku/steamEvaluation?skuid=${game.native}`)).json();
    expect(native).toMatchObject({ code: 200, data: { skuId: game.native, site: 'native', total: app!.totalCount, positive: app!.positiveCount, positivePercent: percent, scoreKey: key, scoreLabel: STEAM_SCORE_LABELS[key].chs } });
    const abroad = (await api.abroad.get(`/forum/gameScore/sku/steamEvaluation?skuid=${game.abroad}&site=abroad`)).json();
    expect(abroad.data.scoreLabel).toBe(STEAM_SCORE_LABELS[key].en);
  });

  it('has too few reviews without a Steam app, and 404 for a SKU not on the site', async () => {
    expect((await api.native.get(`/forum/gameScore/sku/steamEvaluation?skuid=${bare.native}`)).json().data).toMatchObject({ total: 0, scoreKey: 'too_few_reviews', scoreLabel: '用户评测数量不足', syncedTimestamp: null });
    expect((await api.native.get(`/forum/gameScore/sku/steamEvaluation?skuid=${game.native}&site=abroad`)).json()).toMatchObject({ code: 404, reason: 'not_found' });
  });
});

describe('Steam reviews as a discussion target', () => {
  it('names each Steam review with its site, no author, not locked; likes are 0 until wired', async () => {
    const [steam] = await t.deps.db.select().from(platformReviews).where(eq(platformReviews.platform, 'steam')).limit(1);
    const [epic] = await t.deps.db.select().from(platformReviews).where(eq(platformReviews.platform, 'epic')).limit(1);
    const facts = await steamReviewTargetFacts(t.deps, [steam!.id, epic!.id, 987654321]);
    expect([...facts.entries()]).toEqual([[steam!.id, { authorId: null, area: steam!.area, locked: false }]]);
    expect([...(await steamReviewLikeCounts(t.deps, [steam!.id])).entries()]).toEqual([[steam!.id, 0]]);
  });
});

describe('votes', () => {
  async function makeVote(body: Record<string, unknown> = {}) {
    const res = await api.native.post('/api/admin/vote_activities', {
      vote_activity: {
        sku_id: game.native, title: { chs: '下一个支持的语言？', en: 'Which language next?' },
        options: [{ chs: '日语', en: 'Japanese' }, { chs: '韩语', en: 'Korean' }, { chs: '法语', en: 'French' }],
        from_timestamp: nowSec() - 60, ...body,
      },
    }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; options: { id: number }[]; area: string };
  }
  const info = (token?: string, query = '') => api.native.get(`/support/vote/activity/client/info?skuId=${game.native}${query}`, { token });
  const vote = (token: string | undefined, activityId: number, optionId: number, site: 'native' | 'abroad' = 'native') =>
    api[site].post('/support/vote/activity/client/vote', { activityId, optionId }, { token });

  it('staff create, list and edit votes; users cannot', async () => {
    const user = await makeAccount(t);
    const body = { vote_activity: { sku_id: game.native, title: { chs: '问', en: 'Q' }, options: [{ chs: 'a', en: 'a' }, { chs: 'b', en: 'b' }], from_timestamp: nowSec() } };
    expect((await api.native.post('/api/admin/vote_activities', body)).statusCode).toBe(401);
    expect((await api.native.post('/api/admin/vote_activities', body, { token: user.token })).statusCode).toBe(403);
    const staff = await makeAccount(t, { role: 'staff' });
    const created = await api.native.post('/api/admin/vote_activities', body, { token: staff.token });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ area: 'native', closed: false, options: [{ votes_count: 0 }, { votes_count: 0 }] });
    const bad = await api.native.post('/api/admin/vote_activities', { vote_activity: { ...body.vote_activity, to_timestamp: nowSec() - 10 } }, { token: staff.token });
    expect(bad.json().errors).toEqual({ to_timestamp: ['invalid'] });
    expect((await api.native.post('/api/admin/vote_activities', { vote_activity: { ...body.vote_activity, options: [{ chs: 'a', en: 'a' }] } }, { token: staff.token })).statusCode).toBe(422);
    expect((await api.native.post('/api/admin/vote_activities', { vote_activity: { ...body.vote_activity, sku_id: 987654321 } }, { token: staff.token })).json().errors).toEqual({ sku_id: ['invalid'] });
    const edited = await api.native.patch(`/api/admin/vote_activities/${created.json().id}`, { vote_activity: { closed: true, title: { chs: '新问题', en: 'New question' } } }, { token: staff.token });
    expect(edited.json()).toMatchObject({ closed: true, title: { en: 'New question' } });
    expect((await api.native.patch('/api/admin/vote_activities/987654321', { vote_activity: { closed: true } }, { token: staff.token })).statusCode).toBe(404);
    const listed = (await api.native.get(`/api/admin/vote_activities?sku_id=${game.native}`, { token: staff.token })).json();
    expect(listed.vote_activities.map((a: { id: number }) => a.id)).toContain(created.json().id);
  });

  it('shows options with counts and percentages; one vote per account; guests get 401', async () => {
    const activity = await makeVote();
    const guestView = (await info()).json();
    expect(guestView).toMatchObject({ code: 200, data: { id: activity.id, title: '下一个支持的语言？', status: 'current', totalCount: 0, myOptionId: null } });
    expect(guestView.data.options.map((o: { label: string; count: number; percent: number }) => [o.label, o.count, o.percent])).toEqual([['日语', 0, 0], ['韩语', 0, 0], ['法语', 0, 0]]);

    const guest = await vote(undefined, activity.id, activity.options[0]!.id);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 401, data: null, reason: 'unauthorized', errorMsg: '请先登录' });

    const [a, b, c] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    expect((await vote(a.token, activity.id, activity.options[0]!.id)).json().data).toMatchObject({ totalCount: 1, myOptionId: activity.options[0]!.id });
    await vote(b.token, activity.id, activity.options[0]!.id);
    const third = (await vote(c.token, activity.id, activity.options[1]!.id)).json().data;
    expect(third.options.map((o: { count: number; percent: number }) => [o.count, o.percent])).toEqual([[2, 67], [1, 33], [0, 0]]);

    const again = await vote(a.token, activity.id, activity.options[1]!.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, data: null, errorMsg: '您已经投过票了', reason: 'taken' });
    expect((await info(a.token)).json().data).toMatchObject({ myOptionId: activity.options[0]!.id, totalCount: 3 });

    const other = await makeVote();
    expect((await vote(a.token, activity.id, other.options[0]!.id)).json()).toMatchObject({ code: 422, reason: 'invalid' });
    expect((await vote(a.token, 987654321, other.options[0]!.id)).json()).toMatchObject({ code: 404, reason: 'not_found' });
    expect((await api.native.post('/support/vote/activity/client/vote', { activityId: 'x' }, { token: a.token })).json()).toMatchObject({ code: 422, reason: 'invalid' });
    await api.native.patch(`/api/admin/vote_activities/${other.id}`, { vote_activity: { closed: true } }, { token: admin.token });
    await api.native.patch(`/api/admin/vote_activities/${activity.id}`, { vote_activity: { closed: true } }, { token: admin.token });
  });

  it('refuses votes before the start, after the end and on closed votes, in the site\'s words', async () => {
    const user = await makeAccount(t);
    const early = await makeVote({ from_timestamp: nowSec() + 3600 });
    const res = await vote(user.token, early.id, early.options[0]!.id);
    expect(res.json()).toEqual({ code: 400, data: null, errorMsg: '投票尚未开始', reason: 'not_in_period' });
    expect((await info()).json().data).toMatchObject({ id: early.id, status: 'not_start' });
    const ending = await makeVote({ from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 60 });
    t.clock.advance(120);
    expect((await vote(user.token, ending.id, ending.options[0]!.id)).json()).toMatchObject({ reason: 'already_end', errorMsg: '投票已结束' });
    await api.native.patch(`/api/admin/vote_activities/${ending.id}`, { vote_activity: { closed: true, to_timestamp: null } }, { token: admin.token });
    expect((await vote(user.token, ending.id, ending.options[0]!.id)).json()).toMatchObject({ reason: 'inactive' });
    await api.native.patch(`/api/admin/vote_activities/${early.id}`, { vote_activity: { closed: true } }, { token: admin.token });
    expect((await info()).json()).toEqual({ code: 200, data: null, errorMsg: null });
  });

  it('keeps a vote to its site and region; the abroad site answers in English', async () => {
    const hk = await makeVote({ region: 'hk' });
    const cnUser = await makeAccount(t, { region: 'cn' });
    const hkUser = await makeAccount(t, { region: 'hk' });
    expect((await info(cnUser.token)).json().data).toBeNull();
    expect((await info(undefined, '&regionCode=hk')).json().data).toMatchObject({ id: hk.id });
    expect((await info(undefined, '&regionCode=hk&area=abroad')).json().data).toBeNull();
    expect((await vote(cnUser.token, hk.id, hk.options[0]!.id)).json()).toMatchObject({ code: 404 });
    expect((await vote(hkUser.token, hk.id, hk.options[0]!.id)).json()).toMatchObject({ code: 200 });
    expect((await vote(hkUser.token, hk.id, hk.options[1]!.id)).json().reason).toBe('taken');
    const abroadUser = await makeAccount(t, { area: 'abroad' });
    const onAbroad = await vote(abroadUser.token, hk.id, hk.options[0]!.id, 'abroad');
    expect(onAbroad.json()).toEqual({ code: 404, data: null, errorMsg: 'Cannot find the resource', reason: 'not_found' });
    // Options cannot be added or removed once somebody voted; relabelling is fine.
    const grow = await api.native.patch(`/api/admin/vote_activities/${hk.id}`, { vote_activity: { options: [{ chs: 'a', en: 'a' }, { chs: 'b', en: 'b' }] } }, { token: admin.token });
    expect(grow.json().errors).toEqual({ options: ['invalid'] });
    const relabel = await api.native.patch(`/api/admin/vote_activities/${hk.id}`, { vote_activity: { options: [{ chs: '甲', en: 'A' }, { chs: '乙', en: 'B' }, { chs: '丙', en: 'C' }], closed: true } }, { token: admin.token });
    expect(relabel.json().options.map((o: { label: { en: string }; votes_count: number }) => [o.label.en, o.votes_count])).toEqual([['A', 1], ['B', 0], ['C', 0]]);
  });

  it('counts one vote per account under a parallel burst', async () => {
    const activity = await makeVote();
    const user = await makeAccount(t);
    const others = await Promise.all(Array.from({ length: 5 }, () => makeAccount(t)));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => vote(user.token, activity.id, activity.options[i % 3]!.id)),
      ...others.map((o) => vote(o.token, activity.id, activity.options[2]!.id)),
    ]);
    const mine = answers.slice(0, 20);
    expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(mine.filter((r) => r.statusCode === 400).every((r) => r.json().reason === 'taken')).toBe(true);
    expect(mine.filter((r) => r.statusCode === 400)).toHaveLength(19);
    expect(answers.slice(20).every((r) => r.statusCode === 200)).toBe(true);
    expect((await t.deps.db.select({ n: count() }).from(votes).where(eq(votes.activityId, activity.id)))[0]!.n).toBe(6);
    expect((await t.deps.db.select({ n: count() }).from(votes).where(eq(votes.accountId, user.id)))[0]!.n).toBe(1);
    await api.native.patch(`/api/admin/vote_activities/${activity.id}`, { vote_activity: { closed: true } }, { token: admin.token });
  });
});
