import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, PEOPLE_API, TALKS_API } from '@lantern/contract';
import { BLOCK_LIST_MAX, FOLLOW_MAX } from '@lantern/domain';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { assertMayReach, isBlockedBy } from '../../src/modules/people/index.ts';
import { peopleBlocks, peopleFollows } from '../../src/modules/people/tables.ts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../support/test-app.ts';

/** Follows, friends and the block list, and what a block does to follows, replies, mentions and lists (docs/product/people.md). */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const follow = (who: Account, id: number) => api.native.post(PEOPLE_API.friends(id), undefined, { token: who.token });
const unfollow = (who: Account, id: number) => api.native.delete(PEOPLE_API.follow(id), { token: who.token });
const friends = (id: number, query: Record<string, string> = {}, who?: Account) => api.native.get(PEOPLE_API.friends(id), { query, ...(who && { token: who.token }) });
const blockPost = (who: Account, id: number, area: 'native' | 'abroad' = 'native') => api[area].post(PEOPLE_API.blockAdd, { blockAccountId: id }, { token: who.token });
const unblockPost = (who: Account, id: number) => api.native.post(PEOPLE_API.blockDelete, { blockAccountId: id }, { token: who.token });
const blockList = (who: Account, accountId = who.id) => api.native.get(PEOPLE_API.blockQuery, { query: { account_id: String(accountId) }, token: who.token });
const comment = (who: Account, body: Record<string, unknown>) => api.native.post('/api/comments', { comment: { commentable_type: 'Post', ...body } }, { token: who.token });

describe('follow and unfollow', () => {
  it('follows, lists the friend both ways, and unfollows; following twice changes nothing', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const first = await follow(a, b.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ follow: { account_id: b.id, following: true, followers_count: 1 } });
    expect((await follow(a, b.id)).json().follow.followers_count).toBe(1);

    const following = await friends(a.id, {}, b);
    expect(following.statusCode).toBe(200);
    expect(following.json()).toMatchObject({ following_count: 1, followers_count: 0, meta: { total_count: 1, page: 1, per: 20 } });
    expect(following.json().friends).toEqual([expect.objectContaining({ id: b.id, following: false })]);
    const followers = await friends(b.id, { kind: 'followers' }, b);
    expect(followers.json().friends).toEqual([expect.objectContaining({ id: a.id, following: false })]);
    expect((await friends(b.id, { kind: 'followers' }, a)).json().friends[0].following).toBe(false);
    expect((await api.native.get(PEOPLE_API.follow(b.id), { token: a.token })).json()).toEqual({ account_id: b.id, following: true, followers_count: 1, blocked: false, can_follow: true });

    const gone = await unfollow(a, b.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ follow: { account_id: b.id, following: false, followers_count: 0 } });
    expect((await unfollow(a, b.id)).statusCode).toBe(200);
    expect((await friends(a.id)).json().friends).toEqual([]);
  });

  it('answers the target-closed reason for a missing or closed account, and refuses following oneself', async () => {
    const [a, closed] = [await makeAccount(t), await makeAccount(t)];
    await updateAccount(t, closed.id, { closedAt: t.clock.now() });
    const missing = await follow(a, 987_654_321);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual({ account_id: ['closed'] });
    expect((await follow(a, closed.id)).json().errors).toEqual({ account_id: ['closed'] });
    const self = await follow(a, a.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ account_id: ['invalid'] });
    expect((await friends(closed.id)).statusCode).toBe(404);
    expect((await friends(987_654_321)).statusCode).toBe(404);
  });

  it('needs a signed-in account to follow or unfollow (401)', async () => {
    const b = await makeAccount(t);
    expect((await api.native.post(PEOPLE_API.friends(b.id))).statusCode).toBe(401);
    expect((await api.native.delete(PEOPLE_API.follow(b.id))).statusCode).toBe(401);
    expect((await api.native.get(PEOPLE_API.follow(b.id))).json()).toMatchObject({ following: false, can_follow: false });
  });
});

describe('the block list', () => {
  it('blocks and unblocks with the "blocked" and "unblocked" messages, and lists only its owner\'s entries', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const added = await blockPost(a, b.id);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ code: 200, data: { blockAccountId: b.id, message: 'blocked' }, errorMsg: null });
    expect((await blockPost(a, b.id)).json().data.message).toBe('blocked');

    const list = await blockList(a);
    expect(list.json()).toMatchObject({ code: 200, data: { total: 1, page: 1, size: 20 } });
    expect(list.json().data.list).toEqual([expect.objectContaining({ blockAccountId: b.id, nickname: expect.any(String) })]);
    const others = await blockList(b, a.id);
    expect(others.statusCode).toBe(403);
    expect(others.json()).toMatchObject({ code: 403, data: null, errorMsg: expect.any(String), reason: 'forbidden' });

    const removed = await unblockPost(a, b.id);
    expect(removed.json()).toEqual({ code: 200, data: { blockAccountId: b.id, message: 'unblocked' }, errorMsg: null });
    expect((await blockList(a)).json().data).toMatchObject({ list: [], total: 0 });
  });

  it('answers refusals in the envelope with errorMsg in the site\'s language', async () => {
    const a = await makeAccount(t);
    const guest = await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: a.id });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 401, errorMsg: '请先登录', reason: 'unauthorized' });
    const missing = await blockPost(a, 987_654_321);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, data: null, reason: 'closed', errorMsg: '该用户已注销' });
    const abroad = await makeAccount(t, { area: 'abroad' });
    const self = await blockPost(abroad, abroad.id, 'abroad');
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: 422, reason: 'invalid', errorMsg: 'Invalid request' });
    const bad = await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: 'x' }, { token: a.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().reason).toBe('invalid');
  });

  it('refuses blocking past the most a list holds (422 out_limit), but blocking one listed again still answers "blocked"', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    // The list is filled in the table: a thousand blocks through the API would test nothing more.
    const listed = await accountRows(BLOCK_LIST_MAX);
    await t.deps.db.insert(peopleBlocks).values(listed.map((id) => ({ blockerId: a.id, blockedId: id, createdAt: t.clock.now() })));
    const full = await blockPost(a, b.id);
    expect(full.statusCode).toBe(422);
    expect(full.json().reason).toBe('out_limit');
    expect((await blockPost(a, listed[0]!)).json().data.message).toBe('blocked');
  });

  it('counts parallel follows and blocks of different accounts one after the other, so none passes the most', async () => {
    const [follower, blocker] = [await makeAccount(t), await makeAccount(t)];
    // One short of the most, filled in the table; then a burst of different accounts at once: exactly one more fits.
    const followed = await accountRows(FOLLOW_MAX - 1);
    await t.deps.db.insert(peopleFollows).values(followed.map((id) => ({ followerId: follower.id, followeeId: id, createdAt: t.clock.now() })));
    const blocked = await accountRows(BLOCK_LIST_MAX - 1);
    await t.deps.db.insert(peopleBlocks).values(blocked.map((id) => ({ blockerId: blocker.id, blockedId: id, createdAt: t.clock.now() })));
    const targets = await accountRows(12);
    const [follows, blocks] = await Promise.all([
      Promise.all(targets.map((id) => follow(follower, id))),
      Promise.all(targets.map((id) => blockPost(blocker, id))),
    ]);
    expect(follows.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(follows.filter((r) => r.statusCode === 422).map((r) => r.json().errors)).toEqual(Array(11).fill({ follow: ['out_limit'] }));
    expect(blocks.filter((r) => r.json().data?.message === 'blocked')).toHaveLength(1);
    expect(blocks.filter((r) => r.statusCode === 422)).toHaveLength(11);
    expect(await t.deps.db.$count(peopleFollows, eq(peopleFollows.followerId, follower.id))).toBe(FOLLOW_MAX);
    expect(await t.deps.db.$count(peopleBlocks, eq(peopleBlocks.blockerId, blocker.id))).toBe(BLOCK_LIST_MAX);
  });

  it('takes the write behind GET as the original did, from API clients; a cookie GET needs the CSRF header', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const byGet = await api.native.get(PEOPLE_API.blockAdd, { query: { blockAccountId: String(b.id) }, token: a.token });
    expect(byGet.json()).toEqual({ code: 200, data: { blockAccountId: b.id, message: 'blocked' }, errorMsg: null });
    const cookies = { lantern_native_at: a.token, lantern_csrf: 'csrf-value' };
    const forged = await api.native.get(PEOPLE_API.blockDelete, { query: { blockAccountId: String(b.id), client: 'web' }, cookies });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().reason).toBe('csrf_invalid');
    expect(await isBlockedBy(t.deps, a.id, b.id)).toBe(true);
    const withHeader = await api.native.get(PEOPLE_API.blockDelete, { query: { blockAccountId: String(b.id), client: 'web' }, cookies, headers: { [CSRF_HEADER]: 'csrf-value' } });
    expect(withHeader.json().data.message).toBe('unblocked');
    expect(await isBlockedBy(t.deps, a.id, b.id)).toBe(false);
  });
});

describe('what a block does', () => {
  it('ends follows both ways, and refuses a follow across it either way until unblocked', async () => {
    const [blocker, blocked] = [await makeAccount(t), await makeAccount(t)];
    await follow(blocker, blocked.id);
    await follow(blocked, blocker.id);
    await blockPost(blocker, blocked.id);
    expect((await friends(blocker.id)).json().friends).toEqual([]);
    expect((await friends(blocked.id)).json().friends).toEqual([]);

    const refused = await follow(blocked, blocker.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ account_id: ['block_listed'] });
    expect((await follow(blocker, blocked.id)).json().errors).toEqual({ account_id: ['block_listed'] });
    expect((await api.native.get(PEOPLE_API.follow(blocked.id), { token: blocker.token })).json()).toMatchObject({ blocked: true, can_follow: false });
    expect((await api.native.get(PEOPLE_API.follow(blocker.id), { token: blocked.token })).json()).toMatchObject({ blocked: false, can_follow: false });

    await unblockPost(blocker, blocked.id);
    expect((await follow(blocked, blocker.id)).statusCode).toBe(200);
  });

  it('never leaves a follow beside a block when follows and the block race (one lock per pair)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [blocker, blocked] = [await makeAccount(t), await makeAccount(t)];
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => follow(blocked, blocker.id)),
        blockPost(blocker, blocked.id),
        ...Array.from({ length: 4 }, () => follow(blocker, blocked.id)),
      ]);
      expect(results.every((r) => r.statusCode < 500)).toBe(true);
      expect((await friends(blocker.id)).json().friends).toEqual([]);
      expect((await friends(blocked.id)).json().friends).toEqual([]);
    }
  });

  it('refuses a comment on the blocker\'s post, a reply to the blocker, and a mention of the blocker; others still may', async () => {
    const { group } = await makeGroup(t);
    const [blocker, blocked, other] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const nickname = `blocker_${blocker.id}`;
    await updateAccount(t, blocker.id, { nickname });
    const blockersPost = await publishPost(t, blocker, group.id);
    const othersPost = await publishPost(t, other, group.id);
    const blockersComment = (await comment(blocker, { commentable_id: othersPost, content: 'mine' })).json().comment.id as number;
    const othersComment = (await comment(other, { commentable_id: othersPost, content: 'theirs' })).json().comment.id as number;
    const blockersReply = (await comment(blocker, { commentable_id: othersPost, commentary_id: othersComment, content: 'a reply' })).json().comment.id as number;
    await blockPost(blocker, blocked.id);

    const expectRefused = async (body: Record<string, unknown>) => {
      const res = await comment(blocked, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().errors).toEqual({ account_id: ['block_listed'] });
    };
    await expectRefused({ commentable_id: blockersPost, content: 'on your post' });
    await expectRefused({ commentable_id: othersPost, commentary_id: blockersComment, content: 'to your comment' });
    await expectRefused({ commentable_id: othersPost, commentary_id: othersComment, target_reply_id: blockersReply, content: 'to your reply' });
    await expectRefused({ commentable_id: othersPost, content: `hello @${nickname}` });

    expect((await comment(blocked, { commentable_id: othersPost, content: 'fine' })).statusCode).toBe(201);
    expect((await comment(blocked, { commentable_id: othersPost, commentary_id: othersComment, content: 'fine too' })).statusCode).toBe(201);
    // The blocker may still write to the one they blocked: the block guards the blocker.
    expect((await comment(blocker, { commentable_id: othersPost, content: 'still here' })).statusCode).toBe(201);
    await expect(assertMayReach(t.deps, blocked.id, [other.id, blocker.id])).rejects.toMatchObject({ status: 403 });
    await expect(assertMayReach(t.deps, blocked.id, [other.id])).resolves.toBeUndefined();
  });

  it('hides what the blocked account wrote from the blocker\'s post lists and comment lists, and from nobody else', async () => {
    const { group } = await makeGroup(t);
    const [blocker, blocked, other] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const blockedPost = await publishPost(t, blocked, group.id);
    const otherPost = await publishPost(t, other, group.id);
    await comment(blocked, { commentable_id: otherPost, content: 'from the blocked' });
    await comment(other, { commentable_id: otherPost, content: 'from the other' });
    await blockPost(blocker, blocked.id);

    const postsOf = async (who?: Account) =>
      ((await api.native.get('/api/search/posts', { query: { group_id: String(group.id) }, ...(who && { token: who.token }) })).json().posts as { id: number }[]).map((p) => p.id);
    expect(await postsOf(blocker)).toEqual([otherPost]);
    expect((await postsOf(other)).sort()).toEqual([blockedPost, otherPost].sort());
    expect((await postsOf()).sort()).toEqual([blockedPost, otherPost].sort());
    // A direct link to the blocked one's post still answers it, marked for the page's notice (see below).
    const direct = await api.native.get(`/api/posts/${blockedPost}`, { token: blocker.token });
    expect(direct.statusCode).toBe(200);
    expect(direct.json()).toMatchObject({ post: { id: blockedPost }, author_blocked: true });

    const commentsOf = async (who?: Account) =>
      ((await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(otherPost) }, ...(who && { token: who.token }) })).json().comments as { account: { id: number } }[]).map((c) => c.account.id);
    expect(await commentsOf(blocker)).toEqual([other.id]);
    expect(await commentsOf(other)).toEqual([blocked.id, other.id]);
    expect(await commentsOf()).toEqual([blocked.id, other.id]);

    // The forum host's face of the same thread hides them too.
    const forumThread = async (who?: Account) =>
      ((await api.native.get(`/post/${otherPost}/reply`, { ...(who && { token: who.token }) })).json().data.list as { account: { id: number } }[]).map((c) => c.account.id);
    expect(await forumThread(blocker)).toEqual([other.id]);
    expect(await forumThread()).toEqual([blocked.id, other.id]);

    await unblockPost(blocker, blocked.id);
    expect(await commentsOf(blocker)).toEqual([blocked.id, other.id]);
  });

  it('counts in a list\'s total_count only what the reader sees, so its pages hold exactly that', async () => {
    const { group } = await makeGroup(t);
    const [blocker, blocked, other] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const early = await publishPost(t, other, group.id);
    await publishPost(t, blocked, group.id);
    await publishPost(t, blocked, group.id);
    const late = await publishPost(t, other, group.id);
    await comment(blocked, { commentable_id: early, content: 'first, by the blocked' });
    await comment(other, { commentable_id: early, content: 'second' });
    await comment(other, { commentable_id: early, content: 'third' });
    await blockPost(blocker, blocked.id);

    // The group's whole list (its kept counter) and a narrower one (counted) alike, one post a page.
    for (const query of [{ group_id: String(group.id) }, { group_id: String(group.id), type: 'Post' }] as Record<string, string>[]) {
      const page = async (n: number, who?: Account) => (await api.native.get('/api/search/posts', { query: { ...query, order: 'newest', per: '1', page: String(n) }, ...(who && { token: who.token }) })).json();
      const first = await page(1, blocker);
      expect(first.meta.total_count).toBe(2);
      expect(first.posts.map((p: { id: number }) => p.id)).toEqual([late]);
      expect((await page(2, blocker)).posts.map((p: { id: number }) => p.id)).toEqual([early]);
      expect((await page(1)).meta.total_count).toBe(4);
      expect((await page(1, other)).meta.total_count).toBe(4);
    }

    const comments = async (n: number, who?: Account) =>
      (await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(early), per: '1', page: String(n) }, ...(who && { token: who.token }) })).json();
    const firstComments = await comments(1, blocker);
    expect(firstComments.meta.total_count).toBe(2);
    expect(firstComments.comments.map((c: { content: string }) => c.content)).toEqual([expect.stringContaining('second')]);
    expect((await comments(2, blocker)).comments.map((c: { content: string }) => c.content)).toEqual([expect.stringContaining('third')]);
    expect((await comments(1)).meta.total_count).toBe(3);
  });

  it("counts in a target's comments_count, a comment's reply_count and a post's count only what the reader sees", async () => {
    const { group } = await makeGroup(t);
    const [blocker, blocked, other] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, other, group.id);
    const idOf = async (res: Awaited<ReturnType<typeof comment>>) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().comment.id as number;
    };
    const theirs = await idOf(await comment(blocked, { commentable_id: post, content: 'by the blocked' }));
    const seen = await idOf(await comment(other, { commentable_id: post, content: 'by another' }));
    await idOf(await comment(other, { commentable_id: post, commentary_id: theirs, content: 'a reply under the blocked one' }));
    await idOf(await comment(blocked, { commentable_id: post, commentary_id: seen, content: 'a reply by the blocked' }));
    await idOf(await comment(other, { commentable_id: post, commentary_id: seen, content: 'a reply by another' }));
    await blockPost(blocker, blocked.id);

    const read = async (who?: Account) =>
      (await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(post) }, ...(who && { token: who.token }) })).json();
    const replyCounts = (answer: { comments: { id: number; reply_count: number }[] }) => Object.fromEntries(answer.comments.map((c) => [c.id, c.reply_count]));
    const guest = await read();
    expect(guest.commentable.comments_count).toBe(5);
    expect(replyCounts(guest)).toEqual({ [theirs]: 1, [seen]: 2 });
    // The blocker sees one comment with one reply: the blocked one's comment, the reply under it and its reply elsewhere are gone.
    const blockers = await read(blocker);
    expect(blockers.commentable.comments_count).toBe(2);
    expect(replyCounts(blockers)).toEqual({ [seen]: 1 });
    expect((await read(other)).commentable.comments_count).toBe(5);

    // The post's own count agrees, on its page and in its group's list, for the blocker and for everyone else.
    const pageCount = async (who?: Account) => (await api.native.get(`/api/posts/${post}`, { ...(who && { token: who.token }) })).json().post.comments_count;
    const listCount = async (who?: Account) =>
      (await api.native.get('/api/search/posts', { query: { group_id: String(group.id) }, ...(who && { token: who.token }) })).json().posts.find((p: { id: number }) => p.id === post).comments_count;
    expect([await pageCount(), await pageCount(blocker), await pageCount(other)]).toEqual([5, 2, 5]);
    expect([await listCount(), await listCount(blocker), await listCount(other)]).toEqual([5, 2, 5]);
  });
});

describe('a direct link to a blocked author\'s post or talk', () => {
  const talkBy = async (who: Account, content: string) => {
    const res = await api.native.post(TALKS_API.talks, { talk: { content } }, { token: who.token });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().talk.id as number;
  };
  const open = async (path: string, who?: Account) => {
    const res = await api.native.get(path, who && { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { author_blocked: boolean; post?: { id: number; content: string }; talk?: { id: number; content: string } };
  };

  it('answers author_blocked to the blocker alone (with the content, for "show anyway"), and no longer once unblocked', async () => {
    const { group } = await makeGroup(t);
    const [blocker, blocked, other] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = `/api/posts/${await publishPost(t, blocked, group.id, { content: '<p>words of the blocked</p>' })}`;
    const talk = TALKS_API.talk(await talkBy(blocked, 'a talk of the blocked'));
    expect((await open(post, blocker)).author_blocked).toBe(false);
    await blockPost(blocker, blocked.id);

    for (const path of [post, talk]) {
      const seen = await open(path, blocker);
      expect(seen.author_blocked, path).toBe(true);
      // The page hides it behind a notice; the answer still carries it, so "show anyway" costs no second call.
      expect((seen.post ?? seen.talk)!.content).toContain('of the blocked');
      expect((await open(path, other)).author_blocked, path).toBe(false);
      expect((await open(path)).author_blocked, path).toBe(false);
      // The blocked author reading their own, and the blocked reading anything, are unchanged.
      expect((await open(path, blocked)).author_blocked, path).toBe(false);
    }

    await unblockPost(blocker, blocked.id);
    expect((await open(post, blocker)).author_blocked).toBe(false);
    expect((await open(talk, blocker)).author_blocked).toBe(false);
  });

  it('marks the cached post page for the blocker alone: a guest\'s copy, the blocker\'s block list laid over it', async () => {
    const cached = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });
    try {
      const site = clients(cached).native;
      const { group } = await makeGroup(cached);
      const [blocker, blocked, other] = [await makeAccount(cached), await makeAccount(cached), await makeAccount(cached)];
      const post = `/api/posts/${await publishPost(cached, blocked, group.id)}`;
      // A guest fills the shared copy; the block is written behind the API's back, so the blocker has no recent
      // write and is answered that copy with their overlay.
      expect((await site.get(post)).json().author_blocked).toBe(false);
      await cached.deps.db.insert(peopleBlocks).values({ blockerId: blocker.id, blockedId: blocked.id, createdAt: cached.clock.now() });
      expect((await site.get(post, { token: blocker.token })).json()).toMatchObject({ post: { own: false }, author_blocked: true });
      expect((await site.get(post, { token: other.token })).json().author_blocked).toBe(false);
      expect((await site.get(post, { token: blocked.token })).json()).toMatchObject({ post: { own: true }, author_blocked: false });
      expect((await site.get(post)).json().author_blocked).toBe(false);
      // Unblocking is a write: the blocker's next read is built fresh, unmarked.
      expect((await site.post(PEOPLE_API.blockDelete, { blockAccountId: blocked.id }, { token: blocker.token })).statusCode).toBe(200);
      expect((await site.get(post, { token: blocker.token })).json().author_blocked).toBe(false);
    } finally {
      await cached.close();
    }
  });
});

/** Bare account rows (no sessions), in one statement, for filling a block list. */
async function accountRows(n: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await t.deps.db.insert(accounts).values(Array.from({ length: n }, (_, i) => ({ nickname: `filler_${tag}_${i}`, homeArea: 'native' as const, region: 'cn', role: 'user' as const }))).returning({ id: accounts.id });
  return rows.map((r) => r.id);
}

describe('hiding from the blocker on shared reads', () => {
  it('leaves the blocked author out of the cached post and comment lists for the blocker alone', async () => {
    const cached = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });
    try {
      const site = clients(cached).native;
      const { group } = await makeGroup(cached);
      const [blocker, blocked, other] = [await makeAccount(cached), await makeAccount(cached), await makeAccount(cached)];
      const blockedPost = await publishPost(cached, blocked, group.id);
      const otherPost = await publishPost(cached, other, group.id);
      await site.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: otherPost, content: 'hidden soon' } }, { token: blocked.token });
      const list = `/api/search/posts?group_id=${group.id}`;
      const comments = `/api/comments?commentable_type=Post&commentable_id=${otherPost}`;
      // Guests fill the shared copies first.
      expect((await site.get(list)).json().posts).toHaveLength(2);
      expect((await site.get(comments)).json().comments).toHaveLength(1);
      // The block is written behind the API's back: the blocker has no recent write, so their read is the
      // shared copy with their overlay.
      await cached.deps.db.insert(peopleBlocks).values({ blockerId: blocker.id, blockedId: blocked.id, createdAt: cached.clock.now() });
      expect((await site.get(list, { token: blocker.token })).json().posts.map((p: { id: number }) => p.id)).toEqual([otherPost]);
      expect((await site.get(comments, { token: blocker.token })).json()).toMatchObject({ comments: [], meta: { total_count: 0 } });
      expect((await site.get(list, { token: blocker.token })).json().meta.total_count).toBe(1);
      expect((await site.get(list)).json().meta.total_count).toBe(2);
      expect((await site.get(list, { token: other.token })).json().posts).toHaveLength(2);
      expect(blockedPost).toBeGreaterThan(0);
    } finally {
      await cached.close();
    }
  });
});
