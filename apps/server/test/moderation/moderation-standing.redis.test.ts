import { expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { twoInstances } from '../support/two-instances.ts';

/** With Redis only: a mute by staff on one instance reaches the other's kept standing at once, through pub/sub. */
const instances = twoInstances();

it('refuses a writer muted on the other instance without waiting for its copy to expire', async () => {
  const { first: t, second } = instances;
  const { group } = await makeGroup(t);
  const [author, writer, staff] = [await makeAccount(t), await makeAccount(t), await makeAccount(t, { role: 'staff' })];
  const postId = await publishPost(t, author, group.id, { content: '<p>Hello</p>' });
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
