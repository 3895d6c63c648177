import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The forum host's face of pending and hidden content (docs/product/community.md#forum-surface,
 * #who-sees-pending): as on `/api`, only the author (and staff) see their own pending or hidden post, with its
 * state; lists, threads, likes and reports treat it as gone; a held comment answers 202 with its state.
 */
const { t, api } = useTestApp();
let staff: Account;
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
  // One word that holds for approval, on the mainland site where these tests write.
  const word = await api.native.post(MODERATION_API.adminWatchedWords, { watched_word: { word: 'holdme', action: 'require_approval' } }, as(staff));
  expect(word.statusCode, word.body).toBe(201);
});

type Account = { id: number; token: string };
const as = (who?: Account) => (who ? { token: who.token } : {});

/** A post held for approval: its draft published with the held word (202). */
async function pendingPost(author: Account, groupId: number) {
  const draft = (await api.native.get(`/api/posts/new?group_id=${groupId}&type=Post`, as(author))).json().draft;
  const res = await api.native.patch(`/api/drafts/${draft.id}`, { draft: { publish: true, content: '<p>please holdme</p>' } }, as(author));
  expect(res.statusCode, res.body).toBe(202);
  return draft.id as number;
}

/** Staff hide a target through the report queue, as moderators do. */
async function hide(targetType: 'post' | 'comment', targetId: number) {
  const report = await api.native.post(MODERATION_API.reports, { report: { target_type: targetType, target_id: targetId, reason: 'abuse' } }, as(await makeAccount(t)));
  expect(report.statusCode, report.body).toBe(201);
  const resolved = await api.native.post(MODERATION_API.adminResolveReport(report.json().report.id), { resolution: { action: 'hide' } }, as(staff));
  expect(resolved.statusCode, resolved.body).toBe(200);
}

const listedIds = (res: { json(): { data: { list: { id: number }[] } } }) => res.json().data.list.map((p) => p.id);

describe('a pending or hidden post on the forum host', () => {
  it('is shown by /post/{id} and its fixed tag to its author and staff with its state, and is 404 to everyone else', async () => {
    const { group } = await makeGroup(t);
    const [author, other] = [await makeAccount(t), await makeAccount(t)];
    const pending = await pendingPost(author, group.id);
    const hidden = await publishPost(t, author, group.id);
    await hide('post', hidden);

    for (const [id, state] of [[pending, 'pending'], [hidden, 'hidden']] as const) {
      for (const viewer of [author, staff]) {
        const seen = await api.native.get(`/post/${id}`, as(viewer));
        expect(seen.statusCode, seen.body).toBe(200);
        expect(seen.json()).toMatchObject({ code: 200, data: { id, moderationState: state } });
        expect((await api.native.get(`/post/${id}/fixedTag`, as(viewer))).json()).toMatchObject({ code: 200, data: { postId: id, kind: 'none' } });
      }
      for (const viewer of [other, undefined]) {
        const refused = await api.native.get(`/post/${id}`, as(viewer));
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ code: 404, data: null, reason: 'not_found' });
        expect((await api.native.get(`/post/${id}/fixedTag`, as(viewer))).statusCode).toBe(404);
      }
    }
  });

  it('is in no list or search, not even its author\'s, and takes no comment, like or report', async () => {
    const { group, native: sku } = await makeGroup(t, { en: 'Quiet Lantern' });
    const [author, other] = [await makeAccount(t), await makeAccount(t)];
    const shown = await publishPost(t, author, group.id, { content: '<p>quiet lantern shown</p>' });
    const pending = await pendingPost(author, group.id);
    const hidden = await publishPost(t, author, group.id, { content: '<p>quiet lantern hidden</p>' });
    await hide('post', hidden);

    for (const viewer of [author, other, undefined]) {
      expect(listedIds(await api.native.get(`/community/sku/relationPostList?skuId=${sku.id}`, as(viewer)))).toEqual([shown]);
      expect(listedIds(await api.native.get(`/post/search?groupId=${group.id}`, as(viewer)))).toEqual([shown]);
      expect(listedIds(await api.native.get(`/post/search?keyword=${encodeURIComponent('quiet lantern')}`, as(viewer)))).toEqual([shown]);
    }
    const header = (await api.native.get(`/community/sku/feedHeader?skuId=${sku.id}`, as(author))).json().data;
    expect(header.postsCount).toBe(1);

    for (const id of [pending, hidden]) {
      // The author too: there is no thread under a post nobody else sees (the web shows none).
      for (const viewer of [author, other]) expect((await api.native.get(`/post/${id}/reply`, as(viewer))).json()).toMatchObject({ code: 404 });
      expect((await api.native.post(`/post/${id}/reply`, { content: 'hello?' }, as(other))).json()).toMatchObject({ code: 404 });
      expect((await api.native.post(`/post/${id}/like`, { type: 1 }, as(other))).json()).toMatchObject({ code: 404 });
      expect((await api.native.post('/report/submit', { targetType: 'post', targetId: id, reason: 'spam' }, as(other))).json()).toMatchObject({ code: 404 });
    }
    const states = (await api.native.get(`/post/like?ids=${shown},${pending},${hidden}`, as(author))).json().data;
    expect(states.map((s: { id: number }) => s.id)).toEqual([shown]);
  });

  it('is deleted by its author, but not by a group moderator (404), who acts only on published posts', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const moderator = await makeAccount(t, { role: 'group_admin' });
    const [first, second] = [await pendingPost(author, group.id), await pendingPost(author, group.id)];
    expect((await api.native.delete(`/post/${first}`, as(moderator))).json()).toMatchObject({ code: 404 });
    expect((await api.native.delete(`/post/${first}`, as(author))).json()).toEqual({ code: 200, data: { id: first, deleted: true }, errorMsg: null });
    expect((await api.native.get(`/post/${first}`, as(author))).statusCode).toBe(404);
    expect((await api.native.get(`/post/${second}`, as(author))).json().data.moderationState).toBe('pending');
  });
});

describe('the viewer\'s own review on the forum host', () => {
  it('is answered by myReview and feedHeader while it waits for approval or is hidden, with its state; others see none', async () => {
    const { group, native: sku } = await makeGroup(t);
    const [author, other] = [await makeAccount(t), await makeAccount(t)];
    const held = await api.native.post('/api/reviews', { review: { group_id: group.id, content: '<p>holdme, a fine game</p>', score: 4 } }, as(author));
    expect(held.statusCode, held.body).toBe(202);
    const review = held.json().post.id as number;

    const mine = (await api.native.get(`/community/sku/myReview?skuId=${sku.id}`, as(author))).json();
    expect(mine).toMatchObject({ code: 200, data: { id: review, type: 'Review', moderationState: 'pending' } });
    expect((await api.native.get(`/community/sku/feedHeader?skuId=${sku.id}`, as(author))).json().data).toMatchObject({ myReviewId: review, reviewsCount: 0 });
    expect((await api.native.get(`/community/sku/myReview?skuId=${sku.id}`, as(other))).json().data).toBeNull();
    expect(listedIds(await api.native.get(`/community/sku/sonkwoReviewList?skuId=${sku.id}`, as(author)))).toEqual([]);

    const approved = await api.native.post(MODERATION_API.adminApprove('post', review), undefined, as(staff));
    expect(approved.statusCode, approved.body).toBe(200);
    await hide('post', review);
    expect((await api.native.get(`/community/sku/myReview?skuId=${sku.id}`, as(author))).json().data).toMatchObject({ id: review, moderationState: 'hidden' });
    expect((await api.native.get(`/community/sku/feedHeader?skuId=${sku.id}`, as(author))).json().data).toMatchObject({ myReviewId: review, reviewsCount: 0 });
  });
});

describe('pending and hidden comments on the forum host', () => {
  it('holds a comment or reply with a watched word: 202 with its state, seen in no thread and counted nowhere', async () => {
    const { group } = await makeGroup(t);
    const [author, writer] = [await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, author, group.id);
    const shown = (await api.native.post(`/post/${post}/reply`, { content: 'hello' }, as(writer))).json().data.id as number;

    const comment = await api.native.post(`/post/${post}/reply`, { content: 'holdme please' }, as(writer));
    expect(comment.statusCode, comment.body).toBe(202);
    expect(comment.json()).toMatchObject({ code: 200, errorMsg: null, data: { moderationState: 'pending', reply: false } });
    const reply = await api.native.post(`/post/${post}/reply`, { content: 'holdme too', commentId: shown }, as(writer));
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json().data).toMatchObject({ moderationState: 'pending', reply: true, commentaryId: shown });

    for (const viewer of [writer, author]) {
      const page = (await api.native.get(`/post/${post}/reply`, as(viewer))).json().data;
      expect(page.list.map((c: { id: number }) => c.id)).toEqual([shown]);
      expect(page.list[0]).toMatchObject({ replyCount: 0, replies: [] });
    }
    expect((await api.native.get(`/post/${post}`)).json().data.commentsCount).toBe(1);
    expect((await api.native.get(`/post/reply/like?ids=${comment.json().data.id},${reply.json().data.id},${shown}`)).json().data.map((s: { id: number }) => s.id)).toEqual([shown]);
  });

  it('treats a hidden comment as gone: out of the thread with its replies, 303 to reply to, like or page, 404 to report', async () => {
    const { group } = await makeGroup(t);
    const [author, writer, other] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, author, group.id);
    const target = (await api.native.post(`/post/${post}/reply`, { content: 'rude words' }, as(writer))).json().data.id as number;
    const under = (await api.native.post(`/post/${post}/reply`, { content: 'a reply', commentId: target }, as(other))).json().data.id as number;
    expect((await api.native.get(`/post/${post}`)).json().data.commentsCount).toBe(2);
    await hide('comment', target);

    expect(listedIds(await api.native.get(`/post/${post}/reply`, as(writer)))).toEqual([]);
    expect((await api.native.get(`/post/${post}`)).json().data.commentsCount).toBe(0);
    expect((await api.native.get(`/post/${post}/reply?commentId=${target}`, as(writer))).json()).toMatchObject({ code: 303 });
    expect((await api.native.post(`/post/${post}/reply`, { content: 'still here?', commentId: target }, as(other))).json()).toMatchObject({ code: 303 });
    expect((await api.native.post(`/post/reply/${target}/like`, { type: 1 }, as(other))).json()).toMatchObject({ code: 303 });
    // A reply goes out of sight with its comment.
    expect((await api.native.post(`/post/reply/${under}/like`, { type: 1 }, as(author))).json()).toMatchObject({ code: 303 });
    expect((await api.native.get(`/post/reply/like?ids=${under}`)).json().data).toEqual([]);
    expect((await api.native.post('/report/submit', { targetType: 'comment', targetId: target, reason: 'abuse' }, as(other))).json()).toMatchObject({ code: 404 });
  });
});
