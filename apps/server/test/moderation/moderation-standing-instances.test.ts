import { expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import type { TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { twoInstances } from '../support/two-instances.ts';
import { STANDING_CACHE_SECONDS } from '../../src/modules/moderation/index.ts';

/**
 * The guard keeps a writer's standing a few seconds per instance (moderation/standing-cache.ts). A mute by
 * staff reaches the instance that made it at once, and another instance on any store within
 * STANDING_CACHE_SECONDS (at once with Redis: the .redis test); an unmute the same.
 */
const instances = twoInstances();

it('refuses a muted writer at once where staff muted them, and on the other instance once its copy expires', async () => {
  const { first: t, second } = instances;
  const { group } = await makeGroup(t);
  const writer = await makeAccount(t);
  const staff = await makeAccount(t, { role: 'staff' });
  const postId = await publishPost(t, await makeAccount(t), group.id, { content: '<p>Talk to me</p>' });
  const comment = (app: TestApp, content: string) =>
    clients(app).native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, content } }, { token: writer.token });
  // Both instances have read the writer's standing.
  expect((await comment(t, 'first')).statusCode).toBe(201);
  expect((await comment(second, 'second')).statusCode).toBe(201);

  const muted = await clients(t).native.post(MODERATION_API.adminMute(writer.id), { mute: { days: 1, reason: 'spam' } }, { token: staff.token });
  expect(muted.statusCode, muted.body).toBe(200);
  expect((await comment(t, 'third')).json().errors).toEqual({ base: ['is_mute'] });
  t.clock.advance(STANDING_CACHE_SECONDS);
  expect((await comment(second, 'fourth')).json().errors).toEqual({ base: ['is_mute'] });

  expect((await clients(t).native.delete(MODERATION_API.adminMute(writer.id), { token: staff.token })).statusCode).toBe(200);
  expect((await comment(t, 'fifth')).statusCode).toBe(201);
  t.clock.advance(STANDING_CACHE_SECONDS);
  expect((await comment(second, 'sixth')).statusCode).toBe(201);
});
