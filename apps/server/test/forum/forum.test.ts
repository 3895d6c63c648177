import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost as publishPostAs } from '../support/community-factories.ts';
import { posts, postTags } from '../../src/modules/community/tables.ts';
import { moderationReports } from '../../src/modules/moderation/tables.ts';
import { muteAccount } from '../../src/modules/moderation/index.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { integralCampaigns } from '../../src/modules/forum/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** The forum host's face of the community (docs/product/community.md#forum-surface, #reply-codes). */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const as = (who?: Account) => (who ? { token: who.token } : {});

const publishPost = (who: Account, groupId: number, draft: Record<string, unknown> = {}) => publishPostAs(t, who, groupId, draft);
async function publishReview(who: Account, groupId: number) {
  const res = await api.native.post('/api/reviews', { review: { group_id: groupId, content: '<p>Great game, 值得一玩</p>', score: 5 } }, as(who));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post.id as number;
}
const comment = (who: Account | undefined, postId: number, body: Record<string, unknown>) => api.native.post(`/post/${postId}/reply`, body, as(who));

describe('the sku feed', () => {
  it('answers the header, the viewer\'s review, related groups, our reviews and posts in camelCase', async () => {
    const { group, native } = await makeGroup(t);
    const author = await makeAccount(t);
    const reader = await makeAccount(t);
    const postId = await publishPost(author, group.id, { title: 'Hello', is_long: true });
    const reviewId = await publishReview(author, group.id);
    await api.native.post(`/api/groups/${group.id}/join`, undefined, as(author));

    const header = await api.native.get(`/community/sku/feedHeader?skuId=${native.id}`, as(author));
    expect(header.statusCode, header.body).toBe(200);
    expect(header.json()).toMatchObject({
      code: 200, errorMsg: null,
      data: { skuId: native.id, area: 'native', membersCount: 1, reviewsCount: 1, joined: true, myReviewId: reviewId, group: { id: group.id, usersCount: 1 }, evaluation: { reviewsCount: 1, distribution: [0, 0, 0, 0, 1] } },
    });
    expect((await api.native.get(`/community/sku/feedHeader?skuId=${native.id}`)).json().data).toMatchObject({ joined: false, myReviewId: null });

    expect((await api.native.get(`/community/sku/myReview?skuId=${native.id}`, as(author))).json().data).toMatchObject({ id: reviewId, type: 'Review', accountId: author.id, likesCount: 0 });
    expect((await api.native.get(`/community/sku/myReview?skuId=${native.id}`, as(reader))).json()).toEqual({ code: 200, data: null, errorMsg: null });

    const groups = (await api.native.get(`/community/sku/relationGroupList?skuId=${native.id}`)).json();
    expect(groups.data).toMatchObject({ total: 1, page: 1, size: 10, list: [{ id: group.id, groupSkus: expect.any(Array) }] });
    const reviews = (await api.native.get(`/community/sku/sonkwoReviewList?skuId=${native.id}&size=5`)).json();
    expect(reviews.data).toMatchObject({ total: 1, size: 5, list: [{ id: reviewId, playtimeHours: null, boughtHere: false }] });
    const related = (await api.native.get(`/community/sku/relationPostList?skuId=${native.id}`)).json();
    expect(related.data.list.map((p: { id: number }) => p.id)).toEqual([postId]);
    expect(Object.keys(related.data.list[0]).every((k) => !k.includes('_'))).toBe(true);
  });

  it('answers 404 for a SKU of the other site or none, 422 for a bad id — never a 5xx', async () => {
    const { abroad } = await makeGroup(t);
    const other = await api.native.get(`/community/sku/feedHeader?skuId=${abroad.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 404, data: null, errorMsg: '找不到该资源', reason: 'not_found' });
    expect((await api.abroad.get('/community/sku/relationPostList?skuId=987654321')).json()).toMatchObject({ code: 404, errorMsg: 'Cannot find the resource' });
    for (const bad of ['x', '-1', '1.5', '99999999999999999999']) {
      const res = await api.native.get(`/community/sku/sonkwoReviewList?skuId=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, reason: 'invalid' });
    }
  });
});

describe('posts', () => {
  it('lists tags, shows a post, searches in Chinese and English, and gives its fixed tag', async () => {
    const { group } = await makeGroup(t);
    const [tag] = await t.deps.db.insert(postTags).values({ name: { chs: '攻略', en: 'Guides' }, position: 1 }).returning();
    const author = await makeAccount(t);
    const mod = await makeAccount(t, { role: 'group_admin' });
    const plain = await publishPost(author, group.id, { content: '<p>灯笼之夜 lantern night</p>' });
    const tagged = await publishPost(author, group.id, { content: '<p>tips</p>', tag_id: tag!.id });

    const tags = (await api.native.get('/tag')).json();
    expect(tags.code).toBe(200);
    expect(tags.data).toContainEqual({ id: tag!.id, kind: 'post', name: { chs: '攻略', en: 'Guides' } });

    const detail = (await api.native.get(`/post/${plain}`, as(author))).json();
    expect(detail).toMatchObject({ code: 200, data: { id: plain, groupId: group.id, own: true, commentsCount: 0, stickySequence: 0 } });
    for (const keyword of ['灯笼之夜', 'LANTERN night']) {
      const found = (await api.native.get(`/post/search?keyword=${encodeURIComponent(keyword)}&groupId=${group.id}`)).json();
      expect(found.data.list.map((p: { id: number }) => p.id)).toEqual([plain]);
    }
    expect((await api.native.get(`/post/search?groupId=${group.id}&tagId=${tag!.id}`)).json().data).toMatchObject({ total: 1, list: [{ id: tagged }] });

    expect((await api.native.get(`/post/${plain}/fixedTag`)).json().data).toEqual({ postId: plain, kind: 'none', tagId: null, name: null });
    expect((await api.native.get(`/post/${tagged}/fixedTag`)).json().data).toEqual({ postId: tagged, kind: 'tag', tagId: tag!.id, name: { chs: '攻略', en: 'Guides' } });
    await api.native.patch(`/api/groups/${group.id}/posts/${tagged}`, { post: { featured: true } }, as(mod));
    expect((await api.native.get(`/post/${tagged}/fixedTag`)).json().data).toMatchObject({ kind: 'featured', name: { chs: '精华', en: 'Featured' } });
    await api.native.patch(`/api/groups/${group.id}/posts/${tagged}`, { post: { sticky_sequence: 2 } }, as(mod));
    expect((await api.native.get(`/post/${tagged}/fixedTag`)).json().data).toMatchObject({ kind: 'sticky', name: { chs: '置顶', en: 'Pinned' } });

    expect((await api.native.get('/post/987654321')).json()).toMatchObject({ code: 404, reason: 'not_found' });
    expect((await api.native.get('/post/abc')).statusCode).toBe(422);
    expect((await api.native.get('/post/987654321/fixedTag')).statusCode).toBe(404);
  });

  it('deletes one\'s own post, lets a group moderator delete anyone\'s, refuses others (403) and guests (401)', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const stranger = await makeAccount(t);
    const mod = await makeAccount(t, { role: 'group_admin' });
    const [own, other] = [await publishPost(author, group.id), await publishPost(author, group.id)];
    expect((await api.native.delete(`/post/${own}`)).json()).toMatchObject({ code: 401, errorMsg: '请先登录' });
    expect((await api.native.delete(`/post/${own}`, as(stranger))).json()).toMatchObject({ code: 403, reason: 'forbidden' });
    expect((await api.native.delete(`/post/${own}`, as(author))).json()).toEqual({ code: 200, data: { id: own, deleted: true }, errorMsg: null });
    expect((await api.native.get(`/post/${own}`)).statusCode).toBe(404);
    expect((await api.native.delete(`/post/${own}`, as(author))).statusCode).toBe(404);
    expect((await api.native.delete(`/post/${other}`, as(mod))).json().code).toBe(200);
    expect((await api.native.get(`/post/search?groupId=${group.id}`)).json().data.total).toBe(0);
  });
});

describe('comments and replies', () => {
  it('writes comments and replies and reads them threaded: first replies under each comment, the rest by commentId', async () => {
    const { group } = await makeGroup(t);
    const [author, a, b] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(author, group.id);
    const first = (await comment(a, post, { content: 'first!' })).json();
    expect(first).toMatchObject({ code: 200, data: { commentableId: post, commentaryId: null, reply: false, likesCount: 0, likeType: null, account: { id: a.id } } });
    const replies: number[] = [];
    for (let i = 0; i < 4; i++) replies.push((await comment(b, post, { content: `reply ${i}`, commentId: first.data.id })).json().data.id);
    const answer = (await comment(a, post, { content: 'answer', commentId: first.data.id, targetReplyId: replies[0] })).json().data;
    expect(answer).toMatchObject({ reply: true, targetReplyId: replies[0], targetReplyAccountIds: [b.id] });
    await comment(b, post, { content: 'second' });

    const page = (await api.native.get(`/post/${post}/reply`, as(a))).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(page.list[0]).toMatchObject({ id: first.data.id, replyCount: 5 });
    expect(page.list[0].replies.map((r: { id: number }) => r.id)).toEqual(replies.slice(0, 3));
    expect(page.list[1].replies).toEqual([]);
    const more = (await api.native.get(`/post/${post}/reply?commentId=${first.data.id}&page=2&size=3`)).json().data;
    expect(more).toMatchObject({ total: 5, page: 2, size: 3 });
    expect(more.list.map((r: { id: number }) => r.id)).toEqual([replies[3], answer.id]);
    expect((await api.native.get(`/post/${post}`)).json().data.commentsCount).toBe(7);
  });

  it('answers the reply codes: 401 guest, 302 locked post, 303 deleted comment, 202 muted, 201 warn ban, 422 blocked word', async () => {
    const { group } = await makeGroup(t);
    const [author, a] = [await makeAccount(t), await makeAccount(t)];
    const mod = await makeAccount(t, { role: 'group_admin' });
    const post = await publishPost(author, group.id);
    const guest = await comment(undefined, post, { content: 'hi' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ code: 401, data: null, errorMsg: '请先登录', reason: 'unauthorized' });

    const gone = (await comment(a, post, { content: 'to delete' })).json().data.id;
    await api.native.delete(`/api/comments/${gone}`, as(a));
    const toGone = await comment(author, post, { content: 'late', commentId: gone });
    expect(toGone.statusCode).toBe(404);
    expect(toGone.json()).toMatchObject({ code: 303, reason: 'not_found', errorMsg: '评论不存在' });
    expect((await api.native.get(`/post/${post}/reply?commentId=${gone}`)).json()).toMatchObject({ code: 303 });
    expect((await api.native.post(`/post/reply/${gone}/like`, { type: 1 }, as(author))).json()).toMatchObject({ code: 303 });

    await api.native.patch(`/api/groups/${group.id}/posts/${post}`, { post: { locked: true } }, as(mod));
    const locked = await comment(a, post, { content: 'hi' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 302, reason: 'locked', errorMsg: '帖子已锁定，无法评论' });

    const open = await publishPost(author, group.id);
    const mutedUntil = new Date(t.clock.now().getTime() + 3_600_000);
    await muteAccount(t.deps, a.id, mutedUntil, 'spam', null);
    const muted = await api.abroad.post(`/post/${open}/reply`, { content: 'hi' }, { token: await sessionOn(a.id, 'abroad') });
    expect(muted.statusCode).toBe(403);
    expect(muted.json()).toMatchObject({ code: 202, reason: 'is_mute', meta: { unmute_at_timestamp: Math.floor(mutedUntil.getTime() / 1000) } });
    expect(muted.json().errorMsg).toMatch(/muted/);
    // Liking stays open to the muted.
    expect((await api.native.post(`/post/${open}/like`, { type: 1 }, as(a))).json().code).toBe(200);

    const banned = await makeAccount(t);
    const reporter = await makeAccount(t);
    const at = t.clock.now();
    await t.deps.db.insert(moderationReports).values([1, 2, 3].map((n) => ({
      reporterId: reporter.id, targetType: 'post', targetId: 900_000 + n, targetAuthorId: banned.id, area: 'native' as const, reason: 'spam' as const,
      severity: 2, status: 'upheld' as const, resolution: 'hide' as const, resolvedAt: at, createdAt: at,
    })));
    expect((await comment(banned, open, { content: 'hi' })).json()).toMatchObject({ code: 201, reason: 'banned', meta: { unmute_at_timestamp: expect.any(Number) } });

    const blocked = await api.native.post('/api/admin/watched_words', { watched_word: { word: 'FORUMSCAM', action: 'block' } }, as(await makeAccount(t, { role: 'admin' })));
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await comment(author, open, { content: 'visit forumscam' })).json()).toMatchObject({ code: 422, reason: 'banned' });
  });
});

/** A new session of the account on a site (after the test clock moved past the last one's lifetime, say). */
async function sessionOn(accountId: number, area: 'native' | 'abroad') {
  return (await startSession(t.deps, t.deps.db, accountId, area)).accessToken;
}

describe('likes', () => {
  it('likes, dislikes (switching moves both counters), refuses a second like, and cancels, on posts and replies', async () => {
    const { group } = await makeGroup(t);
    const [author, a, b] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(author, group.id);
    const reply = (await comment(author, post, { content: 'c' })).json().data.id;
    for (const [path, id] of [['/post', post], ['/post/reply', reply]] as const) {
      const like = (who: Account, type?: 1 | 2) => api.native.post(`${path}/${id}/like`, type === undefined ? undefined : { type }, as(who));
      expect((await like(a)).json()).toEqual({ code: 200, data: { id, likesCount: 1, dislikesCount: 0, likeType: 1 }, errorMsg: null });
      expect((await like(b, 1)).json().data).toMatchObject({ likesCount: 2 });
      const again = await like(a, 1);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 400, reason: 'taken', errorMsg: '您已经点过了' });
      expect((await like(a, 2)).json().data).toEqual({ id, likesCount: 1, dislikesCount: 1, likeType: 2 });
      expect((await api.native.delete(`${path}/${id}/like`, as(a))).json().data).toEqual({ id, likesCount: 1, dislikesCount: 0, likeType: null });
      expect((await api.native.post(`${path}/${id}/like`, { type: 1 })).json()).toMatchObject({ code: 401 });
      expect((await api.native.post(`${path}/${id}/like`, { type: 3 }, as(a))).json()).toMatchObject({ code: 422 });
    }
    expect((await api.native.post('/post/987654321/like', { type: 1 }, as(a))).json()).toMatchObject({ code: 404 });
    expect((await api.native.post('/post/reply/987654321/like', { type: 1 }, as(a))).json()).toMatchObject({ code: 303 });

    const other = await publishPost(author, group.id);
    const states = (await api.native.get(`/post/like?ids=${post},${other},${post}`, as(b))).json();
    expect(states).toEqual({ code: 200, errorMsg: null, data: [{ id: post, likesCount: 1, dislikesCount: 0, likeType: 1 }, { id: other, likesCount: 0, dislikesCount: 0, likeType: null }] });
    // Unknown and deleted ids are left out.
    const gone = (await comment(a, post, { content: 'soon gone' })).json().data.id;
    await api.native.post(`/post/reply/${gone}/like`, { type: 1 }, as(b));
    await api.native.delete(`/api/comments/${gone}`, as(a));
    expect((await api.native.get(`/post/reply/like?ids=${reply}&ids=987654321&ids=${gone}`, as(b))).json().data).toEqual([
      { id: reply, likesCount: 1, dislikesCount: 0, likeType: 1 },
    ]);
    expect((await api.native.get(`/post/like?ids=${post}`)).json().data[0].likeType).toBeNull();
    const thread = (await api.native.get(`/post/${post}/reply`, as(b))).json().data.list[0];
    expect(thread).toMatchObject({ id: reply, likesCount: 1, likeType: 1 });
    for (const bad of ['', 'abc', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      expect((await api.native.get(`/post/like?ids=${bad}`)).json()).toMatchObject({ code: 422 });
    }
  });
});

describe('reports', () => {
  it('reports through moderation: 200 with the report, 401 guest, 404 missing, 422 own or twice', async () => {
    const { group } = await makeGroup(t);
    const [author, a] = [await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(author, group.id);
    const submit = (who: Account | undefined, body: Record<string, unknown>) => api.native.post('/report/submit', body, as(who));
    const ok = (await submit(a, { targetType: 'post', targetId: post, reason: 'spam', text: 'ads' })).json();
    expect(ok).toMatchObject({ code: 200, data: { targetType: 'post', targetId: post, reason: 'spam' } });
    expect((await submit(a, { targetType: 'post', targetId: post, reason: 'spam' })).json()).toMatchObject({ code: 422, reason: 'taken' });
    expect((await submit(undefined, { targetType: 'post', targetId: post, reason: 'spam' })).json()).toMatchObject({ code: 401 });
    expect((await submit(author, { targetType: 'post', targetId: post, reason: 'spam' })).json()).toMatchObject({ code: 422, reason: 'invalid' });
    expect((await submit(a, { targetType: 'post', targetId: 987654321, reason: 'spam' })).json()).toMatchObject({ code: 404 });
    expect((await submit(a, { targetType: 'post', targetId: post, reason: 'nope' })).json()).toMatchObject({ code: 422 });
  });
});

describe('the write pace (203)', () => {
  it('answers 203 with retry_after when a new account comments too soon', async () => {
    const paced = await createTestApp({ sameDatabaseAs: t, env: { COMMUNITY_WRITE_PACE: 'on' } });
    try {
      const pacedApi = clients(paced);
      const { group } = await makeGroup(t);
      const author = await makeAccount(t);
      const post = await publishPost(author, group.id);
      const fresh = await makeAccount(t);
      expect((await pacedApi.native.post(`/post/${post}/reply`, { content: 'one' }, as(fresh))).json().code).toBe(200);
      const soon = await pacedApi.native.post(`/post/${post}/reply`, { content: 'two' }, as(fresh));
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({ code: 203, reason: 'access_wait', meta: { retry_after: expect.any(Number) } });
    } finally {
      await paced.close();
    }
  });
});

describe('points participation', () => {
  it('joins a running campaign and pays each publishing day once, up to the cap; outside the window 400', async () => {
    const { group, native } = await makeGroup(t);
    const member = await makeAccount(t);
    const now = t.clock.now();
    const day = 86_400_000;
    const [campaign] = await t.deps.db.insert(integralCampaigns).values({
      area: 'native', groupId: group.id, title: { chs: '发帖赢积分', en: 'Post and earn' }, startsAt: new Date(now.getTime() - day), endsAt: new Date(now.getTime() + 10 * day), pointsPerDay: 5, maxDays: 2,
    }).returning();
    const guest = (await api.native.get(`/forum/integral/participation?groupId=${group.id}`)).json();
    expect(guest).toMatchObject({ code: 200, data: { campaignId: campaign!.id, status: 'running', joined: false, pointsEarned: 0 } });
    expect((await api.native.get(`/forum/integral/join?groupId=${group.id}`)).json()).toMatchObject({ code: 401 });

    // What was published before joining does not count.
    await publishPost(member, group.id);
    t.clock.advance(60);
    const joined = (await api.native.get(`/forum/integral/join?skuId=${native.id}`, as(member))).json();
    expect(joined).toMatchObject({ code: 200, data: { joined: true, awardedDays: [], pointsEarned: 0, newlyAwarded: 0 } });
    expect((await api.native.post(`/forum/integral/join?campaignId=${campaign!.id}`, undefined, as(member))).json().data.joined).toBe(true);

    const score = async () => (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, member.id)))[0]!.score;
    const before = await score();
    await publishPost(member, group.id);
    t.clock.advance(60);
    await publishPost(member, group.id);
    const first = (await api.native.get(`/forum/integral/participation?campaignId=${campaign!.id}`, as(member))).json().data;
    expect(first).toMatchObject({ joined: true, newlyAwarded: 1, pointsEarned: 5 });
    expect(first.awardedDays).toHaveLength(1);
    expect((await api.native.get(`/forum/integral/participation?campaignId=${campaign!.id}`, as(member))).json().data).toMatchObject({ newlyAwarded: 0, pointsEarned: 5 });
    for (let d = 0; d < 2; d++) {
      t.clock.advance(86_400);
      member.token = await sessionOn(member.id, 'native');
      await publishPost(member, group.id);
    }
    expect((await api.native.get(`/forum/integral/participation?groupId=${group.id}`, as(member))).json().data).toMatchObject({ newlyAwarded: 1, pointsEarned: 10 });
    expect(await score()).toBe(before + 10);

    t.clock.advance(30 * 86_400);
    member.token = await sessionOn(member.id, 'native');
    expect((await api.native.get(`/forum/integral/join?campaignId=${campaign!.id}`, as(member))).json()).toMatchObject({ code: 400, reason: 'already_end' });
    const [later] = await t.deps.db.insert(integralCampaigns).values({
      area: 'native', groupId: group.id, title: { chs: '下一期', en: 'Next' }, startsAt: new Date(t.clock.now().getTime() + day), endsAt: new Date(t.clock.now().getTime() + 2 * day), pointsPerDay: 5, maxDays: 2,
    }).returning();
    expect((await api.native.get(`/forum/integral/join?groupId=${group.id}`, as(member))).json()).toMatchObject({ code: 400, reason: 'not_in_period', data: null });
    expect((await api.abroad.get(`/forum/integral/participation?campaignId=${later!.id}`)).json()).toMatchObject({ code: 404 });
    expect((await api.native.get('/forum/integral/participation')).json()).toMatchObject({ code: 422 });
  });
});

describe('points campaigns (staff)', () => {
  it('lets staff create and list a group\'s campaigns, refusing a backwards window, an unknown group and non-staff', async () => {
    const { group } = await makeGroup(t);
    const staff = await makeAccount(t, { role: 'staff' });
    const user = await makeAccount(t);
    const start = Math.floor(t.clock.now().getTime() / 1000);
    const body = { area: 'abroad', group_id: group.id, title: { chs: '积分周', en: 'Points week' }, starts_at_timestamp: start, ends_at_timestamp: start + 7 * 86_400, points_per_day: 3, max_days: 5 };
    const create = (who: Account | undefined, campaign: Record<string, unknown>) => api.native.post('/api/admin/integral_campaigns', { integral_campaign: campaign }, as(who));
    expect((await create(user, body)).statusCode).toBe(403);
    expect((await create(undefined, body)).statusCode).toBe(401);
    expect((await create(staff, { ...body, ends_at_timestamp: start })).json().errors).toEqual({ ends_at_timestamp: ['invalid'] });
    expect((await create(staff, { ...body, group_id: 987654321 })).json().errors).toEqual({ group_id: ['not_found'] });
    expect((await create(staff, { ...body, points_per_day: 101 })).statusCode).toBe(422);
    const made = await create(staff, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ area: 'abroad', group_id: group.id, points_per_day: 3, max_days: 5, starts_at_timestamp: start });
    expect((await api.native.get(`/api/admin/integral_campaigns?group_id=${group.id}`, as(staff))).json()).toMatchObject({ integral_campaigns: [{ id: made.json().id }], meta: { total_count: 1 } });
    expect((await api.abroad.get(`/forum/integral/participation?groupId=${group.id}`)).json().data).toMatchObject({ campaignId: made.json().id, title: { en: 'Points week' }, status: 'running' });
    expect((await api.native.get(`/forum/integral/participation?groupId=${group.id}`)).json()).toMatchObject({ code: 404 });
  });
});

describe('points participation with a busy day', () => {
  it('finds every publishing day past a day of hundreds of posts', async () => {
    const { group } = await makeGroup(t);
    const member = await makeAccount(t);
    const now = t.clock.now().getTime();
    const [campaign] = await t.deps.db.insert(integralCampaigns).values({
      area: 'abroad', groupId: group.id, title: { chs: '忙碌', en: 'Busy' }, startsAt: new Date(now - 60_000), endsAt: new Date(now + 5 * 86_400_000), pointsPerDay: 2, maxDays: 5,
    }).returning();
    const abroadToken = await sessionOn(member.id, 'abroad');
    expect((await api.abroad.get(`/forum/integral/join?campaignId=${campaign!.id}`, { token: abroadToken })).json().code).toBe(200);
    // 600 posts within the first hour (more than a page of the settlement's read), then one the next day.
    const at = (ms: number) => new Date(now + ms);
    const row = (ms: number) => ({ groupId: group.id, accountId: member.id, type: 'Post' as const, status: 'published' as const, area: 'abroad' as const, createdAt: at(ms), updatedAt: at(ms), publishedAt: at(ms) });
    await t.deps.db.insert(posts).values(Array.from({ length: 600 }, (_, i) => row(1_000 + i * 1_000)));
    await t.deps.db.insert(posts).values(row(86_400_000 + 60_000));
    const result = (await api.abroad.get(`/forum/integral/participation?campaignId=${campaign!.id}`, { token: abroadToken })).json().data;
    // The international site's calendar is UTC; the busy hour may straddle midnight.
    const utcDay = (ms: number) => at(ms).toISOString().slice(0, 10);
    const days = [...new Set([utcDay(1_000), utcDay(600_000), utcDay(86_400_000 + 60_000)])];
    expect(result).toMatchObject({ newlyAwarded: days.length, pointsEarned: 2 * days.length, awardedDays: days });
  });
});
