import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';

/**
 * A hidden or deleted post leaves the shared reads at once, on every instance (docs/product/community.md#hiding):
 * two server instances on one database and key-value store, each with the response cache on as in production,
 * a guest's copies of the post page, the group's list and the post's comments cached on the second; the post is
 * taken down through the first — by its author, by staff resolving a report, by a group moderator — and the
 * second answers without it at once, not when its copies expire.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });
  second = await createTestApp({ sameDatabaseAs: first, env: { CATALOG_CACHE_SECONDS: '60' } });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

type Account = { id: number; token: string };
const on = (app: TestApp) => clients(app).native;

/** A post in a group of its own, with a comment, read as a guest on the second instance (cached there). */
async function cachedPost(author: Account) {
  const { group } = await makeGroup(first);
  const postId = await publishPost(first, author, group.id, { content: '<p>soon gone</p>' });
  const commenter = await makeAccount(first);
  const commented = await on(first).post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, content: 'a comment' } }, { token: commenter.token });
  expect(commented.statusCode, commented.body).toBe(201);
  const reads = {
    page: `/api/posts/${postId}`,
    list: `/api/search/posts?group_id=${group.id}`,
    comments: `/api/comments?commentable_type=Post&commentable_id=${postId}`,
  };
  const page = await on(second).get(reads.page);
  expect(page.statusCode).toBe(200);
  expect((await on(second).get(reads.list)).json().posts.map((p: { id: number }) => p.id)).toEqual([postId]);
  expect((await on(second).get(reads.comments)).json().comments).toHaveLength(1);
  // Proof the second instance serves these from its cache: a change it was not told of does not show.
  expect((await on(second).get(reads.page)).body).toBe(page.body);
  return { postId, reads };
}

/**
 * Resolves once the second instance has heard that the post reads are forgotten. With Redis the message arrives
 * a moment after the write's answer; listening after the instance's own listener, it is waited for as an event,
 * never by sleeping. (In memory it arrives before the answer.)
 */
async function secondHearsForget(): Promise<{ heard: Promise<void>; stop: () => Promise<void> }> {
  let resolve!: () => void;
  const heard = new Promise<void>((r) => (resolve = r));
  const stop = await second.deps.kv.subscribe('shared-reads:forget', (prefix) => prefix === 'community:post' && resolve());
  return { heard, stop };
}

async function expectGoneOnSecond(reads: { page: string; list: string; comments: string }, forget: { heard: Promise<void>; stop: () => Promise<void> }) {
  await forget.heard;
  await forget.stop();
  expect((await on(second).get(reads.page)).statusCode).toBe(404);
  expect((await on(second).get(reads.list)).json().posts).toEqual([]);
  const comments = await on(second).get(reads.comments);
  expect(comments.statusCode === 404 || comments.json().comments.length === 0, comments.body).toBe(true);
  // A signed-in reader who wrote nothing reads the shared copy too: it is gone for them as well.
  expect((await on(second).get(reads.page, { token: (await makeAccount(first)).token })).statusCode).toBe(404);
}

describe('a post taken down on one instance', () => {
  it('deleted by its author is gone from the other instance\'s shared reads at once', async () => {
    const author = await makeAccount(first);
    const { postId, reads } = await cachedPost(author);
    const forget = await secondHearsForget();
    expect((await on(first).delete(`/api/posts/${postId}`, { token: author.token })).statusCode).toBe(204);
    await expectGoneOnSecond(reads, forget);
  });

  it('hidden by staff on a report is gone at once, and back at once when unhidden', async () => {
    const [author, reporter, staff] = [await makeAccount(first), await makeAccount(first), await makeAccount(first, { role: 'staff' })];
    const { postId, reads } = await cachedPost(author);
    const report = await on(first).post(MODERATION_API.reports, { report: { target_type: 'post', target_id: postId, reason: 'abuse' } }, { token: reporter.token });
    expect(report.statusCode, report.body).toBe(201);
    const forget = await secondHearsForget();
    const hidden = await on(first).post(MODERATION_API.adminResolveReport(report.json().report.id), { resolution: { action: 'hide' } }, { token: staff.token });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await expectGoneOnSecond(reads, forget);

    const back = await secondHearsForget();
    expect((await on(first).post(MODERATION_API.adminUnhide('post', postId), undefined, { token: staff.token })).statusCode).toBe(200);
    await back.heard;
    await back.stop();
    expect((await on(second).get(reads.page)).statusCode).toBe(200);
    expect((await on(second).get(reads.list)).json().posts.map((p: { id: number }) => p.id)).toEqual([postId]);
  });

  it('deleted by staff on a report is gone at once', async () => {
    const [author, reporter, staff] = [await makeAccount(first), await makeAccount(first), await makeAccount(first, { role: 'staff' })];
    const { postId, reads } = await cachedPost(author);
    const report = await on(first).post(MODERATION_API.reports, { report: { target_type: 'post', target_id: postId, reason: 'spam' } }, { token: reporter.token });
    const forget = await secondHearsForget();
    expect((await on(first).post(MODERATION_API.adminResolveReport(report.json().report.id), { resolution: { action: 'delete' } }, { token: staff.token })).statusCode).toBe(200);
    await expectGoneOnSecond(reads, forget);
  });

  it('deleted by a group moderator through the forum host is gone at once', async () => {
    const [author, moderator] = [await makeAccount(first), await makeAccount(first, { role: 'group_admin' })];
    const { postId, reads } = await cachedPost(author);
    const forget = await secondHearsForget();
    const res = await on(first).delete(`/post/${postId}`, { token: moderator.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: postId, deleted: true });
    await expectGoneOnSecond(reads, forget);
  });
});
