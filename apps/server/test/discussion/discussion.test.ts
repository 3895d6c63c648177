import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/harness.ts';
import type { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { FakeTargets, startDiscussionApp } from '../support/discussion-support.ts';
import { discussionCounts, findDrift, reconcileCounters, viewerReactions } from '../../src/modules/discussion/index.ts';
import { MODERATION_API } from '@lantern/contract';
import { discussionCounterRepairs, discussionCounters } from '../../src/modules/discussion/tables.ts';

let t: TestApp;
let api: ReturnType<typeof clients>;
const targets = new FakeTargets();
beforeAll(async () => ({ t, api } = await startDiscussionApp(targets)));
afterAll(() => t.close());

type Account = { id: number; token: string };
const comment = (who: Account, body: Record<string, unknown>, area: 'native' | 'abroad' = 'native') =>
  api[area].post('/api/comments', { comment: { commentable_type: 'Post', ...body } }, { token: who.token });
const like = (who: Account, id: number, type?: 1 | 2 | null, accessible_type = 'Post') =>
  api.native.post('/api/like', { like: { accessible_type, accessible_id: id, ...(type !== undefined && { type }) } }, { token: who.token });
const counts = async (id: number) => (await discussionCounts(t.deps, 'Post', [id])).get(id);

describe('likes and dislikes', () => {
  it('goes from none to like, switches to dislike moving both counters, and cancels', async () => {
    const post = targets.post();
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const first = await like(a, post);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().like).toEqual({ accessible_type: 'Post', accessible_id: post, likes_count: 1, dislikes_count: 0, comments_count: 0, like_type: 1 });
    expect((await like(b, post, 1)).json().like).toMatchObject({ likes_count: 2, like_type: 1 });
    expect((await like(a, post, 2)).json().like).toMatchObject({ likes_count: 1, dislikes_count: 1, like_type: 2 });
    expect((await like(a, post, null)).json().like).toMatchObject({ likes_count: 1, dislikes_count: 0, like_type: null });
    expect((await like(a, post, null)).json().like).toMatchObject({ likes_count: 1, dislikes_count: 0, like_type: null });
    expect(await counts(post)).toEqual({ likes: 1, dislikes: 0, comments: 0 });
    expect(await viewerReactions(t.deps, b.id, 'Post', [post, 999])).toEqual(new Map([[post, 1]]));
  });

  it('refuses a second like as "already liked" (400 account_id taken), and the count stays', async () => {
    const post = targets.post();
    const a = await makeAccount(t);
    await like(a, post, 1);
    const again = await like(a, post, 1);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ account_id: ['taken'] });
    await like(a, post, 2);
    expect((await like(a, post, 2)).json().errors).toEqual({ account_id: ['taken'] });
    expect(await counts(post)).toEqual({ likes: 0, dislikes: 1, comments: 0 });
  });

  it('likes posts by path and Steam reviews through /api/likes', async () => {
    const post = targets.post();
    const review = targets.steamReview();
    const a = await makeAccount(t);
    const byPath = await api.native.post(`/api/posts/${post}/like`, undefined, { token: a.token });
    expect(byPath.statusCode, byPath.body).toBe(200);
    expect(byPath.json().like).toMatchObject({ accessible_type: 'Post', likes_count: 1, like_type: 1 });
    expect((await api.native.post(`/api/posts/${post}/like`, { type: 2 }, { token: a.token })).json().like).toMatchObject({ likes_count: 0, dislikes_count: 1 });
    const steam = await api.native.post('/api/likes', { like: { accessible_type: 'SteamReview', accessible_id: review } }, { token: a.token });
    expect(steam.json().like).toMatchObject({ accessible_type: 'SteamReview', likes_count: 1 });
  });

  it('answers 401 to a guest, 404 for a target that is gone, hidden, unregistered or of the other site, 422 for a bad type', async () => {
    const post = targets.post();
    const abroadPost = targets.post({ area: 'abroad' });
    const a = await makeAccount(t);
    expect((await api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: post } })).statusCode).toBe(401);
    expect((await api.native.post(`/api/posts/${post}/like`)).statusCode).toBe(401);
    expect((await like(a, 987_654_321)).json().errors).toEqual({ accessible_id: ['not_found'] });
    expect((await like(a, abroadPost)).statusCode).toBe(404);
    expect((await like(a, post, 1, 'Talk')).statusCode).toBe(404);
    expect((await like(a, post, 1, 'Review')).statusCode).toBe(422);
    expect((await api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: 3 } }, { token: a.token })).statusCode).toBe(422);
    const abroadUser = await makeAccount(t, { area: 'abroad' });
    const abroad = await api.abroad.post('/api/like', { like: { accessible_type: 'Post', accessible_id: abroadPost } }, { token: abroadUser.token });
    expect(abroad.statusCode).toBe(200);
  });
});

describe('comments and replies', () => {
  it('writes comments and replies, counts them, lists them oldest first with reply counts and pages', async () => {
    const post = targets.post();
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const c1 = await comment(a, { commentable_id: post, content: 'First!' });
    expect(c1.statusCode, c1.body).toBe(201);
    expect(c1.json().comment).toMatchObject({ commentable_type: 'Post', commentable_id: post, commentary_id: null, reply: false, content: 'First!', account: { id: a.id } });
    expect(c1.json().commentable).toMatchObject({ comments_count: 1 });
    const c2 = (await comment(b, { commentable_id: post, content: 'Second' })).json().comment;
    const r1 = await comment(b, { commentable_id: post, commentary_id: c1.json().comment.id, content: 'a reply' });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().comment).toMatchObject({ reply: true, commentary_id: c1.json().comment.id, target_reply_account_ids: [a.id] });
    const r2 = await comment(a, { commentable_id: post, commentary_id: c1.json().comment.id, target_reply_id: r1.json().comment.id, content: 'answer to the reply' });
    expect(r2.json().comment).toMatchObject({ target_reply_id: r1.json().comment.id, target_reply_account_ids: [b.id] });
    expect(r2.json().commentable.comments_count).toBe(4);

    const list = await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(post), per: '1' }, token: a.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ meta: { total_count: 2, page: 1, per: 1 }, commentable: { comments_count: 4, like_type: null } });
    expect(list.json().comments.map((c: { id: number; reply_count: number }) => [c.id, c.reply_count])).toEqual([[c1.json().comment.id, 2]]);
    const page2 = await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(post), per: '1', page: '2' } });
    expect(page2.json().comments.map((c: { id: number }) => c.id)).toEqual([c2.id]);
    expect((await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(post) } })).json().meta.per).toBe(10);

    const replies = await api.native.get(`/api/comments/${c1.json().comment.id}/replies`, { query: { per: '1' } });
    expect(replies.statusCode, replies.body).toBe(200);
    expect(replies.json()).toMatchObject({ meta: { total_count: 2, page: 1, per: 1 }, replies: [{ id: r1.json().comment.id }] });
    expect((await api.native.get(`/api/comments/${c1.json().comment.id}/replies`)).json().meta.per).toBe(5);
  });

  it('deletes a comment with its replies (count −replies−1) and a reply (−1), own only', async () => {
    const post = targets.post();
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const c1 = (await comment(a, { commentable_id: post, content: 'mine' })).json().comment;
    const c2 = (await comment(b, { commentable_id: post, content: 'theirs' })).json().comment;
    for (const text of ['r1', 'r2', 'r3']) await comment(b, { commentable_id: post, commentary_id: c1.id, content: text });
    const lone = (await comment(a, { commentable_id: post, commentary_id: c2.id, content: 'reply' })).json().comment;
    expect((await counts(post))!.comments).toBe(6);

    expect((await api.native.delete(`/api/comments/${c1.id}`)).statusCode).toBe(401);
    const notMine = await api.native.delete(`/api/comments/${c1.id}`, { token: b.token });
    expect(notMine.statusCode).toBe(403);
    const removed = await api.native.delete(`/api/comments/${c1.id}`, { token: a.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ deleted_count: 4, commentary_id: null, commentable: { comments_count: 2 } });
    const reply = await api.native.delete(`/api/comments/${lone.id}`, { token: a.token });
    expect(reply.json()).toMatchObject({ deleted_count: 1, commentary_id: c2.id, commentable: { comments_count: 1 } });
    expect((await api.native.delete(`/api/comments/${c1.id}`, { token: a.token })).json().errors).toEqual({ comment: ['not_found'] });
    // A deleted comment takes no reply and lists no replies (the forum face's 303).
    const late = await comment(b, { commentable_id: post, commentary_id: c1.id, content: 'too late' });
    expect(late.statusCode).toBe(404);
    expect(late.json().errors).toEqual({ commentary_id: ['not_found'] });
    expect((await api.native.get(`/api/comments/${c1.id}/replies`)).json().errors).toEqual({ comment: ['not_found'] });
    expect((await findDrift(t.deps.db)).filter((d) => d.targetId === post)).toEqual([]);
  });

  it('refuses a locked target (commentable locked), a gone one, the other site, a guest, and blank or long text', async () => {
    const locked = targets.post({ locked: true });
    const post = targets.post();
    const abroad = targets.post({ area: 'abroad' });
    const a = await makeAccount(t);
    const onLocked = await comment(a, { commentable_id: locked, content: 'hello' });
    expect(onLocked.statusCode).toBe(422);
    expect(onLocked.json().errors).toEqual({ commentable: ['locked'] });
    expect((await comment(a, { commentable_id: 987_654_321, content: 'x' })).json().errors).toEqual({ commentable_id: ['not_found'] });
    expect((await comment(a, { commentable_id: abroad, content: 'x' })).statusCode).toBe(404);
    expect((await comment(await makeAccount(t, { area: 'abroad' }), { commentable_id: abroad, content: 'x' }, 'abroad')).statusCode).toBe(201);
    expect((await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, content: 'x' } })).statusCode).toBe(401);
    expect((await comment(a, { commentable_id: post, content: '   ' })).json().errors).toEqual({ content: ['blank'] });
    expect((await comment(a, { commentable_id: post, content: '<script>alert(1)</script>' })).json().errors).toEqual({ content: ['blank'] });
    expect((await comment(a, { commentable_id: post, content: 'x'.repeat(2001) })).json().errors).toEqual({ content: ['too_long'] });
    expect((await comment(a, { commentable_id: post, target_reply_id: 5, content: 'x' })).json().errors).toEqual({ target_reply_id: ['invalid'] });
    // A comment of another target is not a parent here.
    const elsewhere = (await comment(a, { commentable_id: targets.post(), content: 'other post' })).json().comment;
    expect((await comment(a, { commentable_id: post, commentary_id: elsewhere.id, content: 'x' })).statusCode).toBe(404);
    // A hidden target's comments are not listed.
    targets.posts.delete(post);
    expect((await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(post) } })).statusCode).toBe(404);
  });

  it('sanitises hostile HTML to text and links @mentions of real users to their pages', async () => {
    const post = targets.post();
    const a = await makeAccount(t);
    const friend = await makeAccount(t);
    await updateAccount(t, friend.id, { nickname: '小明Gamer' });
    const hostile = [
      'hi @小明gamer and @nobody_here',
      '<img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a>',
      '<svg onload=alert(1)><circle/></svg><script>steal()</script><a href="/users/1" onclick="x()">fake</a>',
      '<b>bold</b> & "quotes"',
    ].join('\n');
    const res = await comment(a, { commentable_id: post, content: hostile });
    expect(res.statusCode, res.body).toBe(201);
    const { content, at_users } = res.json().comment;
    expect(at_users).toEqual([{ id: friend.id, nickname: '小明Gamer' }]);
    expect(content).toBe(`hi <a href="/users/${friend.id}">@小明Gamer</a> and @nobody_here<br />click<br />fake<br />bold &amp; "quotes"`);
    expect(content).not.toMatch(/script|onerror|onload|javascript|svg|img/i);
  });

  it('lists an account\'s comments and replies, newest first, with the reply flag', async () => {
    const post = targets.post();
    const a = await makeAccount(t);
    const c = (await comment(a, { commentable_id: post, content: 'a comment' })).json().comment;
    const r = (await comment(a, { commentable_id: post, commentary_id: c.id, content: 'a reply' })).json().comment;
    const list = await api.native.get(`/api/accounts/${a.id}/comments`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().comments.map((x: { id: number; reply: boolean }) => [x.id, x.reply])).toEqual([[r.id, true], [c.id, false]]);
    expect(list.json().meta).toEqual({ total_count: 2, page: 1, per: 10 });
    expect((await api.abroad.get(`/api/accounts/${a.id}/comments`)).json().comments).toEqual([]);
  });
});

describe('moderation, asked before every write', () => {
  it('refuses a muted writer, blocks and masks watched words, and lets likes through', async () => {
    const post = targets.post();
    const [a, staff] = [await makeAccount(t), await makeAccount(t, { role: 'staff' })];
    const word = (body: Record<string, unknown>) => api.native.post(MODERATION_API.adminWatchedWords, { watched_word: body }, { token: staff.token });
    expect((await word({ word: '外挂群', action: 'block', area: 'native' })).statusCode).toBe(201);
    expect((await word({ word: 'darn', action: 'censor' })).statusCode).toBe(201);
    expect((await word({ word: 'cheap keys', action: 'require_approval' })).statusCode).toBe(201);
    // The word list is kept per instance for a while; a staff change through this instance is seen at once.
    expect((await comment(a, { commentable_id: post, content: '加我外挂群' })).json().errors).toEqual({ censor_words: ['banned'] });
    // A word that requires approval holds the comment for staff: 202, pending, not counted.
    const held = await comment(a, { commentable_id: post, content: 'cheap keys here' });
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().comment.moderation_state).toBe('pending');
    const censored = (await comment(a, { commentable_id: post, content: 'oh darn' })).json().comment;
    expect(censored.content).toBe('oh ***');
    expect((await counts(post))!.comments).toBe(1);
    const muted = await api.native.post(MODERATION_API.adminMute(a.id), { mute: { days: 3, reason: 'insults' } }, { token: staff.token });
    expect(muted.statusCode, muted.body).toBe(200);
    const refused = await comment(a, { commentable_id: post, commentary_id: censored.id, content: 'reply' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ base: ['is_mute'] });
    expect((await like(a, post)).statusCode).toBe(200);
    expect((await counts(post))!.comments).toBe(1);
  });
});

describe('reconcile', () => {
  it('finds drift against a recount, repairs it and records it', async () => {
    const post = targets.post();
    const a = await makeAccount(t);
    await like(a, post);
    await comment(a, { commentable_id: post, content: 'counted' });
    await reconcileCounters(t.deps);
    // Drift made by hand: a lost write and a stray one.
    await t.deps.db.insert(discussionCounters).values({ targetType: 'Post', targetId: post, shard: 3, likes: 5, dislikes: 0, comments: -1 })
      .onConflictDoUpdate({ target: [discussionCounters.targetType, discussionCounters.targetId, discussionCounters.shard], set: { likes: sql`${discussionCounters.likes} + 5`, comments: sql`${discussionCounters.comments} - 1` } });
    expect(await findDrift(t.deps.db)).toEqual([{ targetType: 'Post', targetId: post, likes: 5, dislikes: 0, comments: -1 }]);
    const repaired = await reconcileCounters(t.deps);
    expect(repaired).toHaveLength(1);
    expect(await findDrift(t.deps.db)).toEqual([]);
    expect(await counts(post)).toEqual({ likes: 1, dislikes: 0, comments: 1 });
    const log = await t.deps.db.select().from(discussionCounterRepairs);
    expect(log.find((r) => r.targetId === post)).toMatchObject({ likesDrift: 5, commentsDrift: -1 });
  });
});
