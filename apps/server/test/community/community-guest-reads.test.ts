import { describe, expect, it } from 'vitest';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';
import { discussionReactions } from '../../src/modules/discussion/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * With the response cache on (as in production; other test files turn it off), post lists, post pages and
 * comments are shared reads (platform/shared-reads.ts): guests get the cached copy, a signed-in reader the
 * cached copy with their own state laid over it, and a reader who wrote something within the cache's lifetime
 * a fresh answer, so what they just did is on their screen at once (decisions/0016 "Reading at speed").
 */
const { t, api } = useTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });

type Account = { id: number; token: string };
async function publishPost(who: Account, groupId: number, title: string) {
  const created = await api.native.get(`/api/posts/new?group_id=${groupId}&type=Post&is_long=true`, { token: who.token });
  const res = await api.native.patch(`/api/drafts/${created.json().draft.id}`, { draft: { publish: true, is_long: true, title, content: `<p>${title} body</p>` } }, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post as { id: number };
}
const titles = (body: { posts: { title: string }[] }) => body.posts.map((p) => p.title);

describe('shared reads', () => {
  it('serves a group list from the cache to guests and quiet members, and fresh to a member who just wrote', async () => {
    const { group } = await makeGroup(t);
    const member = await makeAccount(t);
    await publishPost(member, group.id, 'First lantern');
    const list = `/api/search/posts?group_id=${group.id}`;
    const first = await api.native.get(list);
    expect(first.statusCode, first.body).toBe(200);
    expect(titles(first.json())).toEqual(['First lantern']);

    await publishPost(member, group.id, 'Second lantern');
    expect(titles((await api.native.get(list, { token: member.token })).json())).toEqual(['Second lantern', 'First lantern']);
    const again = await api.native.get(list);
    expect(titles(again.json())).toEqual(['First lantern']);
    expect(again.body).toBe(first.body);
    // A member who has written nothing reads the shared copy, with their own posts marked as theirs.
    const quiet = await makeAccount(t);
    const seen = (await api.native.get(list, { token: quiet.token })).json();
    expect(titles(seen)).toEqual(['First lantern']);
    expect(seen.posts[0].own).toBe(false);
    // Another query is another entry: built now, with both posts.
    expect(titles((await api.native.get(`${list}&per=5`)).json())).toEqual(['Second lantern', 'First lantern']);
  });

  it('marks a quiet reader\'s own posts in the shared page\'s bytes, everything else as the guests get it', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const other = await makeAccount(t);
    await publishPost(author, group.id, 'Mine, "own":false in the title');
    await publishPost(other, group.id, 'Not mine');
    await publishPost(author, group.id, 'Also mine');
    // As if the authors' recent-write marks had expired (they live a second beyond the cache's lifetime).
    await t.deps.kv.del(`recent-write:${author.id}`);
    await t.deps.kv.del(`recent-write:${other.id}`);
    const list = `/api/search/posts?group_id=${group.id}`;
    const guest = await api.native.get(list);
    const mine = await api.native.get(list, { token: author.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().posts.map((p: { title: string; own: boolean }) => [p.title, p.own])).toEqual([
      ['Also mine', true], ['Not mine', false], ['Mine, "own":false in the title', true],
    ]);
    // The same bytes but for the two flags: nothing was built again for this reader.
    expect(mine.body.replaceAll('"own":true', '"own":false')).toBe(guest.body);
    expect((await api.native.get(list, { token: other.token })).json().posts.map((p: { own: boolean }) => p.own)).toEqual([false, true, false]);
  });

  it('gives guests the shared post page (own: false) and the author their own (own: true), gzipped when asked', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(author, group.id, 'A page for all');
    const guest = await api.native.get(`/api/posts/${post.id}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['content-encoding']).toBe('gzip');
    const plain = await api.native.get(`/api/posts/${post.id}`);
    expect(plain.json().post).toMatchObject({ id: post.id, title: 'A page for all', own: false });
    expect((await api.native.get(`/api/posts/${post.id}`, { token: author.token })).json().post.own).toBe(true);
  });

  it('answers a missing post 404 with its reason through the cache, never a 500', async () => {
    expect((await api.native.get('/api/posts/987654321')).statusCode).toBe(404);
    expect((await api.native.get('/api/posts/987654321')).json()).toMatchObject({ errors: { base: ['not_found'] } });
  });

  it('serves a guest the comments page from the cache and the commenter a fresh one', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(author, group.id, 'Talk about it');
    const path = `/api/comments?commentable_type=Post&commentable_id=${post.id}`;
    expect((await api.native.get(path)).json().comments).toEqual([]);
    const said = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post.id, content: 'Lovely lanterns' } }, { token: author.token });
    expect(said.statusCode, said.body).toBe(201);
    expect((await api.native.get(path, { token: author.token })).json().comments).toHaveLength(1);
    expect((await api.native.get(path)).json().comments).toEqual([]);
  });

  it('lays a quiet reader\'s own like over the shared comments page', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(author, group.id, 'Like it quietly');
    const path = `/api/comments?commentable_type=Post&commentable_id=${post.id}`;
    expect((await api.native.get(path)).json().commentable).toMatchObject({ likes_count: 0, like_type: null });
    // A like recorded long enough ago that its mark has expired: written straight to the table, no request.
    const fan = await makeAccount(t);
    await t.deps.db.insert(discussionReactions).values({ targetType: 'Post', targetId: post.id, accountId: fan.id, state: 1, updatedAt: t.clock.now() });
    expect((await api.native.get(path, { token: fan.token })).json().commentable).toMatchObject({ likes_count: 0, like_type: 1 });
    expect((await api.native.get(path)).json().commentable.like_type).toBeNull();
    // Liking through the app marks the reader: their page is fresh, count and all.
    const other = await makeAccount(t);
    expect((await api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: post.id, type: 2 } }, { token: other.token })).statusCode).toBe(200);
    expect((await api.native.get(path, { token: other.token })).json().commentable).toMatchObject({ dislikes_count: 1, like_type: 2 });
  });
});
