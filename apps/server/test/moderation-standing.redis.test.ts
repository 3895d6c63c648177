import { afterAll, beforeAll, expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { createTestApp, type TestApp } from './harness.ts';
import { clients } from './client.ts';
import { makeAccount } from './catalog-factories.ts';
import { makeGroup } from './community-factories.ts';

/** With Redis only: a mute by staff on one instance reaches the other's kept standing at once, through pub/sub. */
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ sameDatabaseAs: t });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

it('refuses a writer muted on the other instance without waiting for its copy to expire', async () => {
  const { group } = await makeGroup(t);
  const [author, writer, staff] = [await makeAccount(t), await makeAccount(t), await makeAccount(t, { role: 'staff' })];
  const draft = (await clients(t).native.get(`/api/posts/new?group_id=${group.id}&type=Post`, { token: author.token })).json().draft;
  const postId = (await clients(t).native.patch(`/api/drafts/${draft.id}`, { draft: { publish: true, content: '<p>Hello</p>' } }, { token: author.token })).json().post.id;
  const comment = () => clients(second).native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, content: 'hi' } }, { token: writer.token });
  expect((await comment()).statusCode).toBe(201);

  // Subscribed before: the message is waited for as an event, never by sleeping.
  const heard = new Promise<void>((resolve) => {
    void second.deps.kv.subscribe('moderation:standing', (message) => message === String(writer.id) && resolve());
  });
  expect((await clients(t).native.post(MODERATION_API.adminMute(writer.id), { mute: { days: 1, reason: 'spam' } }, { token: staff.token })).statusCode).toBe(200);
  await heard;
  expect((await comment()).json().errors).toEqual({ base: ['is_mute'] });
});
