import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { MODERATION_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { groupRow, makeGroup } from '../support/community-factories.ts';
import { discussionCounts, findDrift } from '../../src/modules/discussion/index.ts';
import { moderationReports } from '../../src/modules/moderation/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let staff: Account;
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
});

type Account = { id: number; token: string };

async function publishPost(who: Account, groupId: number, content = '<p>A post about the game</p>') {
  const created = await api.native.get(`/api/posts/new?group_id=${groupId}&type=Post`, { token: who.token });
  expect(created.statusCode, created.body).toBe(200);
  return api.native.patch(`/api/drafts/${created.json().draft.id}`, { draft: { publish: true, content } }, { token: who.token });
}
const comment = (who: Account, postId: number, content: string, commentary_id?: number) =>
  api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, content, ...(commentary_id && { commentary_id }) } }, { token: who.token });
const report = (who: Account, target_type: string, target_id: number) =>
  api.native.post(MODERATION_API.reports, { report: { target_type, target_id, reason: 'abuse' } }, { token: who.token });
const resolve = (reportId: number, action: 'hide' | 'delete') =>
  api.native.post(MODERATION_API.adminResolveReport(reportId), { resolution: { action } }, { token: staff.token });
const unhide = (type: string, id: number) => api.native.post(MODERATION_API.adminUnhide(type, id), undefined, { token: staff.token });
const commentsOf = async (postId: number) => (await discussionCounts(t.deps, 'Post', [postId])).get(postId)!.comments;
const listed = async (postId: number) =>
  (await api.native.get(`/api/comments?commentable_type=Post&commentable_id=${postId}`)).json().comments.map((c: { id: number }) => c.id);
const driftOf = async (postId: number) => (await findDrift(t.deps.db)).filter((d) => d.targetId === postId);
const addWord = async (word: string, action: 'require_approval' | 'flag') => {
  const res = await api.native.post(MODERATION_API.adminWatchedWords, { watched_word: { word, action } }, { token: staff.token });
  expect(res.statusCode, res.body).toBe(201);
};

/** A published post with a comment holding two replies, and a second comment: four counted. */
async function thread() {
  const { group } = await makeGroup(t);
  const [author, a, b] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
  const post = (await publishPost(author, group.id)).json().post as { id: number };
  const c1 = (await comment(a, post.id, 'first comment')).json().comment as { id: number };
  const r1 = (await comment(b, post.id, 'a reply', c1.id)).json().comment as { id: number };
  const r2 = (await comment(author, post.id, 'another reply', c1.id)).json().comment as { id: number };
  const c2 = (await comment(b, post.id, 'second comment')).json().comment as { id: number };
  expect(await commentsOf(post.id)).toBe(4);
  return { group, post, author, a, b, c1, r1, r2, c2 };
}

describe("reports on comments (type 'comment')", () => {
  it('reports a comment or a reply, refuses one\'s own and one that is not there', async () => {
    const { a, b, c1, r1 } = await thread();
    const made = await report(b, 'comment', c1.id);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().report).toMatchObject({ target_type: 'comment', target_id: c1.id, status: 'open' });
    expect((await report(a, 'comment', r1.id)).statusCode).toBe(201);
    const own = await report(a, 'comment', c1.id);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ target_id: ['invalid'] });
    expect((await report(a, 'comment', 987_654_321)).statusCode).toBe(404);
    const queue = (await api.native.get(MODERATION_API.adminReports, { token: staff.token })).json().reports;
    expect(queue.find((r: { target_id: number; target_type: string }) => r.target_type === 'comment' && r.target_id === c1.id))
      .toMatchObject({ target_author_id: a.id, summary: 'first comment' });
  });

  it('hides a comment with its replies (count −3), unhides it (+3), and the author still sees it marked hidden', async () => {
    const { post, a, b, c1, c2 } = await thread();
    const made = (await report(b, 'comment', c1.id)).json().report;
    const hidden = await resolve(made.id, 'hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await commentsOf(post.id)).toBe(1);
    expect(await listed(post.id)).toEqual([c2.id]);
    expect((await api.native.get(`/api/comments/${c1.id}/replies`)).statusCode).toBe(404);
    // A reply to a hidden comment is refused as to a gone one.
    expect((await comment(b, post.id, 'late reply', c1.id)).json().errors).toEqual({ commentary_id: ['not_found'] });
    const mine = (await api.native.get(`/api/accounts/${a.id}/comments`, { token: a.token })).json().comments;
    expect(mine.find((c: { id: number }) => c.id === c1.id)).toMatchObject({ moderation_state: 'hidden' });
    const others = (await api.native.get(`/api/accounts/${a.id}/comments`, { token: b.token })).json().comments;
    expect(others.map((c: { id: number }) => c.id)).not.toContain(c1.id);
    // It cannot be reported again while hidden.
    expect((await report(b, 'comment', c1.id)).statusCode).toBe(404);
    expect(await driftOf(post.id)).toEqual([]);

    const back = await unhide('comment', c1.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ type: 'comment', id: c1.id, state: 'published' });
    expect(await commentsOf(post.id)).toBe(4);
    expect(await listed(post.id)).toEqual([c1.id, c2.id]);
    expect((await unhide('comment', c1.id)).json().errors).toEqual({ base: ['state_invalid'] });
    expect(await driftOf(post.id)).toEqual([]);
  });

  it('deletes through discussion: a reply lowers the count by one, a comment by its replies plus one, and delete is final', async () => {
    const { post, a, b, c1, r1, c2 } = await thread();
    expect((await resolve((await report(a, 'comment', r1.id)).json().report.id, 'delete')).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(3);
    expect((await resolve((await report(b, 'comment', c1.id)).json().report.id, 'delete')).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(1);
    expect(await listed(post.id)).toEqual([c2.id]);
    expect((await unhide('comment', c1.id)).statusCode).toBe(422);
    expect(await driftOf(post.id)).toEqual([]);
  });

  it('keeps counts exact when a reply under a hidden comment is deleted, or hidden itself', async () => {
    const { post, b, c1, r1, r2 } = await thread();
    expect((await resolve((await report(b, 'comment', r2.id)).json().report.id, 'hide')).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(3);
    expect((await resolve((await report(b, 'comment', c1.id)).json().report.id, 'hide')).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(1);
    // The reply's author deletes it while its comment is hidden: it was not counted, so nothing moves.
    expect((await api.native.delete(`/api/comments/${r1.id}`, { token: b.token })).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(1);
    expect((await unhide('comment', c1.id)).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(2);
    expect((await unhide('comment', r2.id)).statusCode).toBe(200);
    expect(await commentsOf(post.id)).toBe(3);
    expect(await driftOf(post.id)).toEqual([]);
  });
});

describe('hidden posts', () => {
  it('hides a post out of lists, search and counts, shows it to its author and staff marked hidden, and unhides it', async () => {
    const { group } = await makeGroup(t);
    const [author, reader] = [await makeAccount(t), await makeAccount(t)];
    const post = (await publishPost(author, group.id, '<p>hideable zebra words</p>')).json().post as { id: number };
    expect((await groupRow(t, group.id)).postsCount).toBe(1);
    const made = (await report(reader, 'post', post.id)).json().report;
    expect((await resolve(made.id, 'hide')).statusCode).toBe(200);
    expect((await groupRow(t, group.id)).postsCount).toBe(0);
    expect((await api.native.get(`/api/search/posts?group_id=${group.id}&keyword=zebra`)).json().posts).toEqual([]);
    expect((await api.native.get(`/api/posts/${post.id}`, { token: reader.token })).statusCode).toBe(404);
    expect((await api.native.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    const own = await api.native.get(`/api/posts/${post.id}`, { token: author.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().post).toMatchObject({ id: post.id, moderation_state: 'hidden', own: true });
    expect((await api.native.get(`/api/posts/${post.id}`, { token: staff.token })).json().post.moderation_state).toBe('hidden');
    // No comments or likes on it meanwhile, and its author cannot edit it back into view.
    expect((await comment(reader, post.id, 'hello')).statusCode).toBe(404);
    const draft = (await api.native.get(`/api/posts/${post.id}/edit`, { token: author.token })).json().draft;
    expect(draft.status).toBe('hidden');
    expect((await api.native.patch(`/api/drafts/${post.id}`, { draft: { content: 'edited' } }, { token: author.token })).json().errors).toEqual({ post: ['hidden_by_moderators'] });

    expect((await unhide('post', post.id)).statusCode).toBe(200);
    expect((await groupRow(t, group.id)).postsCount).toBe(1);
    expect((await api.native.get(`/api/search/posts?group_id=${group.id}&keyword=zebra`)).json().posts.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect((await api.native.get(`/api/posts/${post.id}`)).json().post.moderation_state).toBe('published');
  });

  it('deletes a reported post for good: no unhide, and a hidden review still holds its author\'s one review of the game', async () => {
    const { group } = await makeGroup(t);
    const [author, reader] = [await makeAccount(t), await makeAccount(t)];
    const post = (await publishPost(author, group.id)).json().post as { id: number };
    expect((await resolve((await report(reader, 'post', post.id)).json().report.id, 'delete')).statusCode).toBe(200);
    expect((await unhide('post', post.id)).statusCode).toBe(422);
    expect((await api.native.get(`/api/posts/${post.id}`, { token: author.token })).statusCode).toBe(404);

    const review = (await api.native.post('/api/reviews', { review: { group_id: group.id, content: '<p>Fine game</p>', score: 4 } }, { token: author.token })).json().post;
    expect((await groupRow(t, group.id)).reviewsCount).toBe(1);
    expect((await resolve((await report(reader, 'post', review.id)).json().report.id, 'hide')).statusCode).toBe(200);
    expect(await groupRow(t, group.id)).toMatchObject({ reviewsCount: 0, score4: 0 });
    const again = await api.native.post('/api/reviews', { review: { group_id: group.id, content: '<p>Again</p>', score: 1 } }, { token: author.token });
    expect(again.json().errors).toEqual({ account_id: ['taken'] });
    expect((await unhide('post', review.id)).statusCode).toBe(200);
    expect(await groupRow(t, group.id)).toMatchObject({ reviewsCount: 1, score4: 1 });
  });
});

describe('the approval queue', () => {
  it('holds a comment and a reply pending (202, not counted, author only), lists them oldest first per site, approves and rejects', async () => {
    await addWord('cheap gold', 'require_approval');
    const { post, a, b, c1 } = await thread();
    const held = await comment(a, post.id, 'buy cheap gold here');
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().comment).toMatchObject({ moderation_state: 'pending' });
    expect(held.json().commentable.comments_count).toBe(4);
    const heldReply = await comment(b, post.id, 'cheap gold too', c1.id);
    expect(heldReply.statusCode).toBe(202);
    expect(await listed(post.id)).not.toContain(held.json().comment.id);
    expect((await api.native.get(`/api/accounts/${a.id}/comments`, { token: a.token })).json().comments[0]).toMatchObject({ id: held.json().comment.id, moderation_state: 'pending' });

    const queue = await api.native.get(`${MODERATION_API.adminApprovals}?area=native`, { token: staff.token });
    expect(queue.statusCode, queue.body).toBe(200);
    const mine = queue.json().approvals.filter((x: { id: number }) => x.id === held.json().comment.id || x.id === heldReply.json().comment.id);
    expect(mine).toEqual([
      expect.objectContaining({ type: 'comment', id: held.json().comment.id, kind: 'comment', author_id: a.id, area: 'native' }),
      expect.objectContaining({ type: 'comment', id: heldReply.json().comment.id, kind: 'reply', author_id: b.id }),
    ]);
    expect((await api.native.get(`${MODERATION_API.adminApprovals}?area=abroad`, { token: staff.token })).json().approvals.map((x: { id: number }) => x.id))
      .not.toContain(held.json().comment.id);
    expect((await api.native.get(`${MODERATION_API.adminApprovals}?area=native`, { token: a.token })).statusCode).toBe(403);

    const approved = await api.native.post(MODERATION_API.adminApprove('comment', held.json().comment.id), undefined, { token: staff.token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toBe('published');
    expect(await commentsOf(post.id)).toBe(5);
    expect(await listed(post.id)).toContain(held.json().comment.id);
    const rejected = await api.native.post(MODERATION_API.adminReject('comment', heldReply.json().comment.id), undefined, { token: staff.token });
    expect(rejected.json().state).toBe('deleted');
    expect(await commentsOf(post.id)).toBe(5);
    expect((await api.native.post(MODERATION_API.adminApprove('comment', heldReply.json().comment.id), undefined, { token: staff.token })).statusCode).toBe(422);
    expect((await api.native.post(MODERATION_API.adminApprove('nothing', 1), undefined, { token: staff.token })).statusCode).toBe(404);
    expect(await driftOf(post.id)).toEqual([]);
  });

  it('holds a post and a review pending until approved, then counts them; a rejected one is deleted', async () => {
    await addWord('free keys', 'require_approval');
    const { group } = await makeGroup(t);
    const [author, reader] = [await makeAccount(t), await makeAccount(t)];
    const held = await publishPost(author, group.id, '<p>free keys for everyone</p>');
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().draft.status).toBe('pending');
    const postId = held.json().post.id as number;
    expect(held.json().post.moderation_state).toBe('pending');
    expect((await groupRow(t, group.id)).postsCount).toBe(0);
    expect((await api.native.get(`/api/posts/${postId}`, { token: reader.token })).statusCode).toBe(404);
    expect((await api.native.get(`/api/posts/${postId}`, { token: author.token })).json().post.moderation_state).toBe('pending');

    const review = await api.native.post('/api/reviews', { review: { group_id: group.id, content: '<p>free keys inside</p>', score: 5 } }, { token: author.token });
    expect(review.statusCode, review.body).toBe(202);
    expect((await groupRow(t, group.id)).reviewsCount).toBe(0);

    const queue = (await api.native.get(`${MODERATION_API.adminApprovals}?area=native&per=100`, { token: staff.token })).json().approvals;
    const ids = queue.filter((x: { type: string }) => x.type === 'post').map((x: { id: number; kind: string }) => [x.id, x.kind]);
    expect(ids).toEqual(expect.arrayContaining([[postId, 'post'], [review.json().post.id, 'review']]));
    expect(queue.map((x: { created_at_timestamp: number }) => x.created_at_timestamp)).toEqual([...queue.map((x: { created_at_timestamp: number }) => x.created_at_timestamp)].sort((x, y) => x - y));

    expect((await api.native.post(MODERATION_API.adminApprove('post', review.json().post.id), undefined, { token: staff.token })).statusCode).toBe(200);
    expect(await groupRow(t, group.id)).toMatchObject({ postsCount: 1, reviewsCount: 1, score5: 1 });
    expect((await api.native.get(`/api/posts/${review.json().post.id}`)).json().post.moderation_state).toBe('published');
    expect((await api.native.post(MODERATION_API.adminReject('post', postId), undefined, { token: staff.token })).statusCode).toBe(200);
    expect((await api.native.get(`/api/posts/${postId}`, { token: author.token })).statusCode).toBe(404);
    expect((await groupRow(t, group.id)).postsCount).toBe(1);
  });

  it('sends a published post edited into a held word back to the queue, out of the counts, and approval keeps its first publishing time', async () => {
    await addWord('moonbeam', 'require_approval');
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = (await publishPost(author, group.id)).json().post as { id: number; published_at_timestamp: number };
    expect((await groupRow(t, group.id)).postsCount).toBe(1);
    t.clock.advance(120);
    const edited = await api.native.patch(`/api/drafts/${post.id}`, { draft: { content: '<p>now with moonbeam</p>' } }, { token: author.token });
    expect(edited.statusCode, edited.body).toBe(202);
    expect(edited.json().post.moderation_state).toBe('pending');
    expect((await groupRow(t, group.id)).postsCount).toBe(0);
    // Edited again without the word: still staff's to decide.
    expect((await api.native.patch(`/api/drafts/${post.id}`, { draft: { content: '<p>clean now</p>' } }, { token: author.token })).statusCode).toBe(202);
    expect((await api.native.post(MODERATION_API.adminApprove('post', post.id), undefined, { token: staff.token })).statusCode).toBe(200);
    expect((await groupRow(t, group.id)).postsCount).toBe(1);
    expect((await api.native.get(`/api/posts/${post.id}`)).json().post).toMatchObject({ moderation_state: 'published', published_at_timestamp: post.published_at_timestamp });
  });

  it('publishes a flagged text and files a system report for staff', async () => {
    await addWord('shady link', 'flag');
    const { post, a } = await thread();
    const flagged = await comment(a, post.id, 'a shady link here');
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json().comment.moderation_state).toBe('published');
    const { group } = await makeGroup(t);
    const flaggedPost = (await publishPost(a, group.id, '<p>another shady link</p>')).json().post;
    const system = await t.deps.db.select().from(moderationReports).where(and(isNull(moderationReports.reporterId), eq(moderationReports.status, 'open')));
    expect(system.map((r) => [r.targetType, r.targetId])).toEqual(expect.arrayContaining([['comment', flagged.json().comment.id], ['post', flaggedPost.id]]));
    expect(system.find((r) => r.targetId === flagged.json().comment.id)?.text).toContain('shady link');
    const queue = (await api.native.get(MODERATION_API.adminReports, { token: staff.token })).json().reports;
    expect(queue.find((r: { target_id: number; target_type: string }) => r.target_type === 'comment' && r.target_id === flagged.json().comment.id))
      .toMatchObject({ reporter_id: null, target_author_id: a.id });
  });
});
