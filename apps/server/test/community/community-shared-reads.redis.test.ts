import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';

/**
 * With Redis only, two instances behind one balancer, the response cache on: a member who writes on one
 * instance reads fresh on the other (the mark is in Redis), while a quiet member there still reads the
 * shared copy (platform/shared-reads.ts).
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });
  b = await createTestApp({ sameDatabaseAs: a, env: { CATALOG_CACHE_SECONDS: '60' } });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

it('reads a member\'s own write fresh on the other instance', async () => {
  const { group } = await makeGroup(a);
  const member = await makeAccount(a);
  const quiet = await makeAccount(a);
  const list = `/api/search/posts?group_id=${group.id}`;
  expect((await clients(b).native.get(list, { token: quiet.token })).json().posts).toEqual([]);

  const created = await clients(a).native.get(`/api/posts/new?group_id=${group.id}&type=Post&is_long=true`, { token: member.token });
  const published = await clients(a).native.patch(`/api/drafts/${created.json().draft.id}`, { draft: { publish: true, is_long: true, title: 'Written on A', content: '<p>hello from A</p>' } }, { token: member.token });
  expect(published.statusCode, published.body).toBe(200);

  const mine = (await clients(b).native.get(list, { token: member.token })).json();
  expect(mine.posts.map((p: { title: string; own: boolean }) => [p.title, p.own])).toEqual([['Written on A', true]]);
  expect((await clients(b).native.get(list, { token: quiet.token })).json().posts).toEqual([]);
});
