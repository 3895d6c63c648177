import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { groupRow, makeGroup, ownGame } from '../support/community-factories.ts';
import { communityGroups, posts, postTags } from '../../src/modules/community/tables.ts';
import { reconcileGroupCounters } from '../../src/modules/community/index.ts';
import { muteAccount } from '../../src/modules/moderation/index.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Account = { id: number; token: string };
const review = (who: Account, group_id: number, body: Record<string, unknown> = {}) =>
  api.native.post('/api/reviews', { review: { group_id, content: '<p>Great game, 值得一玩</p>', score: 5, ...body } }, { token: who.token });
const newDraft = (who: Account, query: string) => api.native.get(`/api/posts/new?${query}`, { token: who.token });
const saveDraft = (who: Account, id: number, draft: Record<string, unknown>) => api.native.patch(`/api/drafts/${id}`, { draft }, { token: who.token });

async function publishPost(who: Account, groupId: number, draft: Record<string, unknown>) {
  const created = await newDraft(who, `group_id=${groupId}&type=Post`);
  expect(created.statusCode, created.body).toBe(200);
  const res = await saveDraft(who, created.json().draft.id, { publish: true, ...draft });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post as { id: number };
}

describe('groups', () => {
  it('finds a group by SKU and area, shows it with its game on each site, and 404s what is not there', async () => {
    const { group, native, abroad, product } = await makeGroup(t);
    const byNative = await api.native.get(`/api/groups?q[group_skus_sku_id_eq]=${native.id}&q[group_skus_area_eq]=native`);
    expect(byNative.statusCode, byNative.body).toBe(200);
    expect(byNative.json().groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    expect((await api.native.get(`/api/groups?q[group_skus_sku_id_eq]=${native.id}&q[group_skus_area_eq]=abroad`)).json().groups).toEqual([]);
    const detail = (await api.abroad.get(`/api/groups/${group.id}`)).json();
    expect(detail).toMatchObject({ id: group.id, group_id: group.id, product_id: product.id, users_count: 0, reviews_count: 0, percent: null, joined: false, achievements: [], achievements_available: false });
    expect(detail.community_game).toMatchObject({ sku_id: abroad.id, area: 'abroad' });
    expect((await api.native.get(`/api/products/${product.id}/group`)).json().group).toMatchObject({ id: group.id, community_game: { sku_id: native.id } });
    expect((await api.native.get('/api/groups/987654321')).statusCode).toBe(404);
    expect((await api.native.get('/api/products/987654321/group')).statusCode).toBe(404);
  });

  it('joins and leaves (toggling the follow state), twice in a row changing nothing; guests get 401', async () => {
    const { group } = await makeGroup(t);
    const a = await makeAccount(t);
    expect((await api.native.post(`/api/groups/${group.id}/join`)).statusCode).toBe(401);
    expect((await api.native.post(`/api/groups/${group.id}/join`, undefined, { token: a.token })).json()).toEqual({ group_id: group.id, joined: true, users_count: 1 });
    expect((await api.native.post(`/api/groups/${group.id}/join`, undefined, { token: a.token })).json()).toEqual({ group_id: group.id, joined: true, users_count: 1 });
    expect((await api.native.get(`/api/groups/${group.id}`, { token: a.token })).json()).toMatchObject({ joined: true, users_count: 1 });
    expect((await api.native.get(`/api/accounts/${a.id}/groups`)).json().groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    expect((await api.native.delete(`/api/groups/${group.id}/join`, { token: a.token })).json()).toEqual({ group_id: group.id, joined: false, users_count: 0 });
    expect((await api.native.delete(`/api/groups/${group.id}/join`, { token: a.token })).json()).toEqual({ group_id: group.id, joined: false, users_count: 0 });
    expect((await api.native.post('/api/groups/987654321/join', undefined, { token: a.token })).statusCode).toBe(404);
  });

  it('keeps the member count exact under concurrent joins and leaves', async () => {
    const { group } = await makeGroup(t);
    const members = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
    // Every account joins three times at once: one membership each.
    await Promise.all(members.flatMap((m) => [1, 2, 3].map(() => api.native.post(`/api/groups/${group.id}/join`, undefined, { token: m.token }))));
    expect((await groupRow(t, group.id)).usersCount).toBe(12);
    // Half leave twice at once while the others join again.
    await Promise.all(members.flatMap((m, i) => (i % 2 === 0 ? [api.native.delete(`/api/groups/${group.id}/join`, { token: m.token }), api.native.delete(`/api/groups/${group.id}/join`, { token: m.token })] : [api.native.post(`/api/groups/${group.id}/join`, undefined, { token: m.token })])));
    expect((await groupRow(t, group.id)).usersCount).toBe(6);
    expect(await reconcileGroupCounters(t.deps)).toMatchObject({ repaired: 0 });
  });

  it('follows several groups at once for oneself only, and recommends 3 not yet followed', async () => {
    const a = await makeAccount(t);
    const [g1, g2] = [await makeGroup(t), await makeGroup(t)];
    expect((await api.native.post(`/api/accounts/${a.id + 1}/groups`, { group_ids: [g1.group.id] }, { token: a.token })).statusCode).toBe(403);
    expect((await api.native.post(`/api/accounts/${a.id}/groups`, { group_ids: [g1.group.id, 987654321] }, { token: a.token })).json().errors).toEqual({ group_ids: ['invalid'] });
    const joined = await api.native.post(`/api/accounts/${a.id}/groups`, { group_ids: [g1.group.id, g2.group.id] }, { token: a.token });
    expect(joined.json().groups.map((g: { id: number }) => g.id).sort()).toEqual([g1.group.id, g2.group.id].sort());
    const recommended = (await api.native.get('/api/recommend/groups', { token: a.token })).json();
    expect(recommended.meta.per).toBe(3);
    expect(recommended.groups.length).toBeLessThanOrEqual(3);
    expect(recommended.groups.map((g: { id: number }) => g.id)).not.toContain(g1.group.id);
    expect((await api.native.get('/api/communities/groups', { token: a.token })).json().groups.map((g: { id: number }) => g.id).sort()).toEqual([g1.group.id, g2.group.id].sort());
    expect((await api.native.get('/api/group_halls')).json().meta.total_count).toBeGreaterThanOrEqual(2);
  });
});

describe('reviews', () => {
  it('publishes a review with the playtime and purchase at that time; a second is taken; deleting frees the place', async () => {
    const { group, native } = await makeGroup(t);
    const a = await makeAccount(t);
    await ownGame(t, a.id, native, 5 * 3600 + 1800);
    const res = await review(a, group.id, { score: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().post;
    expect(post).toMatchObject({ type: 'Review', score: 4, playtime_hours: 5.5, bought_here: true, sku_id: native.id, area: 'native', likes_count: 0, comments_count: 0, own: true, content: '<p>Great game, 值得一玩</p>' });
    expect(post.author).toMatchObject({ id: a.id, role: 'user', title: null });
    expect((await review(a, group.id)).json().errors).toEqual({ account_id: ['taken'] });
    expect((await newDraft(a, `group_id=${group.id}&type=Review`)).json().errors).toEqual({ account_id: ['taken'] });
    expect((await api.native.get(`/api/groups/${group.id}/evaluation`)).json()).toEqual({ distribution: [0, 0, 0, 1, 0], reviews_count: 1, positive_count: 1, percent: 100, average: 4 });
    expect((await api.native.get(`/api/interests?game_id=${group.productId}`, { token: a.token })).json().interest).toMatchObject({ group_id: group.id, review_id: post.id, owned: true, bought_here: true, playtime_hours: 5.5 });
    expect((await api.native.delete(`/api/reviews/${post.id}`, { token: a.token })).statusCode).toBe(204);
    expect((await api.native.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/groups/${group.id}/evaluation`)).json()).toMatchObject({ reviews_count: 0, distribution: [0, 0, 0, 0, 0], percent: null });
    const again = await review(a, group.id, { score: null, recommend: false });
    expect(again.statusCode).toBe(201);
    expect(again.json().post).toMatchObject({ score: null, recommend: false });
    expect((await api.native.get(`/api/groups/${group.id}`)).json()).toMatchObject({ reviews_count: 1, percent: 0, scores_count: 0 });
  });

  it('records a review of a game not owned, or redeemed, as not bought here', async () => {
    const { group, native } = await makeGroup(t);
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    await ownGame(t, b.id, native, 60, 'redeem');
    expect((await review(a, group.id)).json().post).toMatchObject({ playtime_hours: null, bought_here: false });
    expect((await review(b, group.id)).json().post).toMatchObject({ playtime_hours: 0, bought_here: false });
  });

  it('refuses a review without a score or recommendation, an empty one, and one of a SKU of another game', async () => {
    const { group } = await makeGroup(t);
    const other = await makeGroup(t);
    const a = await makeAccount(t);
    expect((await review(a, group.id, { score: null })).json().errors).toEqual({ score: ['blank'] });
    expect((await review(a, group.id, { content: '<script>x</script>' })).json().errors).toEqual({ content: ['blank'] });
    expect((await review(a, group.id, { score: 9 })).statusCode).toBe(422);
    expect((await review(a, group.id, { sku_id: other.native.id })).json().errors).toEqual({ sku_id: ['invalid'] });
    expect((await review(a, 987654321)).statusCode).toBe(404);
  });

  it('lets one account publish one review under concurrent attempts', async () => {
    const { group } = await makeGroup(t);
    const a = await makeAccount(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => review(a, group.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().errors.account_id[0] === 'taken')).toBe(true);
    expect((await groupRow(t, group.id)).reviewsCount).toBe(1);
  });

  it('lists the user centre reviews and the owned games not reviewed yet, 10 per page', async () => {
    const a = await makeAccount(t);
    const games = [await makeGroup(t), await makeGroup(t), await makeGroup(t)];
    for (const g of games) await ownGame(t, a.id, g.native, 7200);
    await review(a, games[1]!.group.id);
    const reviewed = (await api.native.get('/api/user_center/reviews', { token: a.token })).json();
    expect(reviewed.meta).toEqual({ total_count: 1, page: 1, per: 10 });
    expect(reviewed.posts[0]).toMatchObject({ group_id: games[1]!.group.id });
    const open = (await api.native.get('/api/user_center/reviews?type=not_reviewed', { token: a.token })).json();
    expect(open.games.map((g: { group_id: number }) => g.group_id).sort()).toEqual([games[0]!.group.id, games[2]!.group.id].sort());
    expect(open.games[0]).toMatchObject({ playtime_hours: 2 });
    expect((await api.native.get('/api/user_center/reviews')).statusCode).toBe(401);
  });
});

describe('drafts and posts', () => {
  it('saves a draft, gives back the same draft, publishes it (sanitised), and shows it at /posts/{id}', async () => {
    const { group } = await makeGroup(t);
    const a = await makeAccount(t);
    const first = (await newDraft(a, `group_id=${group.id}&type=Post&is_long=true`)).json().draft;
    expect(first).toMatchObject({ group_id: group.id, type: 'Post', status: 'draft', is_long: true, title: '', content: '' });
    expect((await newDraft(a, `group_id=${group.id}&type=Post`)).json().draft.id).toBe(first.id);
    const saved = await saveDraft(a, first.id, { title: ' 新手  攻略 ', content: '<p onclick="x()">hello <script>alert(1)</script><a href="javascript:x">link</a></p>' });
    expect(saved.json()).toMatchObject({ draft: { title: '新手 攻略', content: '<p>hello link</p>', status: 'draft' }, post: null });
    expect((await api.native.get(`/api/posts/${first.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/posts/${first.id}/edit`, { token: a.token })).json().draft).toMatchObject({ title: '新手 攻略' });
    expect((await saveDraft(a, first.id, { title: '', publish: true })).json().errors).toEqual({ title: ['blank'] });
    const published = (await saveDraft(a, first.id, { title: '新手攻略', publish: true })).json();
    expect(published.post).toMatchObject({ id: first.id, title: '新手攻略', is_long: true, content: '<p>hello link</p>', excerpt: 'hello link' });
    expect((await api.native.get(`/api/posts/${first.id}`)).json().post).toMatchObject({ id: first.id, own: false, group: { id: group.id } });
    // A new draft after publishing is a fresh one.
    expect((await newDraft(a, `group_id=${group.id}&type=Post`)).json().draft.id).not.toBe(first.id);
    expect((await groupRow(t, group.id)).postsCount).toBe(1);
  });

  it('lets only the author edit or delete; guests get 401; muted writers 403 is_mute', async () => {
    const { group } = await makeGroup(t);
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(a, group.id, { content: '<p>mine</p>', is_long: false });
    expect((await saveDraft(b, post.id, { content: '<p>theirs</p>' })).statusCode).toBe(403);
    expect((await api.native.delete(`/api/posts/${post.id}`, { token: b.token })).statusCode).toBe(403);
    expect((await api.native.get(`/api/posts/${post.id}/edit`, { token: b.token })).statusCode).toBe(403);
    expect((await api.native.delete(`/api/posts/${post.id}`)).statusCode).toBe(401);
    expect((await api.native.patch(`/api/drafts/${post.id}`, { draft: { content: 'x' } })).statusCode).toBe(401);
    expect((await api.native.post('/api/reviews', { review: { group_id: group.id, content: 'x', score: 3 } })).statusCode).toBe(401);
    expect((await api.native.delete(`/api/reviews/${post.id}`, { token: a.token })).statusCode).toBe(404);
    await muteAccount(t.deps, b.id, new Date(t.clock.now().getTime() + 3_600_000), 'spam', null);
    const muted = await review(b, group.id);
    expect(muted.statusCode).toBe(403);
    expect(muted.json().errors).toEqual({ base: ['is_mute'] });
    expect((await newDraft(b, `group_id=${group.id}&type=Post`)).json().errors).toEqual({ base: ['is_mute'] });
    expect((await api.native.delete(`/api/posts/${post.id}`, { token: a.token })).statusCode).toBe(204);
    expect((await api.native.delete(`/api/posts/${post.id}`, { token: a.token })).statusCode).toBe(404);
    expect((await groupRow(t, group.id)).postsCount).toBe(0);
  });

  it('lists a group in sticky order then newest, 7 a page, by type and length; moderators pin, lock, feature, move and comment', async () => {
    const { group } = await makeGroup(t);
    const other = await makeGroup(t);
    const [a, mod, user] = [await makeAccount(t), await makeAccount(t, { role: 'group_admin' }), await makeAccount(t)];
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) {
      t.clock.advance(60);
      ids.push((await publishPost(a, group.id, { content: `<p>post ${i}</p>`, is_long: i % 3 === 0, title: i % 3 === 0 ? `Long ${i}` : '' })).id);
    }
    const page1 = (await api.native.get(`/api/search/posts?group_id=${group.id}`)).json();
    expect(page1.meta).toEqual({ total_count: 9, page: 1, per: 7 });
    expect(page1.posts.map((p: { id: number }) => p.id)).toEqual([...ids].reverse().slice(0, 7));
    const patch = (who: Account, postId: number, body: Record<string, unknown>, groupId = group.id) => api.native.patch(`/api/groups/${groupId}/posts/${postId}`, { post: body }, { token: who.token });
    expect((await patch(user, ids[0]!, { sticky_sequence: 5 })).statusCode).toBe(403);
    expect((await api.native.patch(`/api/groups/${group.id}/posts/${ids[0]}`, { post: { locked: true } })).statusCode).toBe(401);
    expect((await patch(mod, ids[0]!, { sticky_sequence: 5 })).statusCode).toBe(200);
    expect((await patch(mod, ids[1]!, { sticky_sequence: 9, featured: true, official_comment: '<p>官方回复 <img src="https://evil.example/x.png"></p>' })).json().post).toMatchObject({
      sticky_sequence: 9, featured: true, official_comment: { content: '<p>官方回复 </p>', author_id: mod.id, author: { id: mod.id, role: 'group_admin', title: 'all_groups' } },
    });
    const sticky = (await api.native.get(`/api/search/posts?group_id=${group.id}&per=3`)).json().posts.map((p: { id: number }) => p.id);
    expect(sticky).toEqual([ids[1], ids[0], ids[8]]);
    expect((await api.native.get(`/api/search/posts?group_id=${group.id}&is_long=true`)).json().meta.total_count).toBe(3);
    expect((await api.native.get(`/api/search/posts?group_id=${group.id}&type=Review`)).json().meta.total_count).toBe(0);
    expect((await api.native.get(`/api/subjects?kind=sticky`)).json().subjects.map((p: { id: number }) => p.id).slice(0, 2)).toEqual([ids[1], ids[0]]);
    expect((await api.native.get('/api/hots?per=1')).json().posts[0].featured).toBe(true);
    // Locked: the author can no longer edit it.
    await patch(mod, ids[2]!, { locked: true });
    expect((await saveDraft(a, ids[2]!, { content: '<p>edit</p>' })).json().errors).toEqual({ post: ['locked'] });
    // Moved: both groups' counts follow.
    expect((await patch(mod, ids[3]!, { group_id: other.group.id })).json().post.group_id).toBe(other.group.id);
    expect((await groupRow(t, group.id)).postsCount).toBe(8);
    expect((await groupRow(t, other.group.id)).postsCount).toBe(1);
    expect((await patch(mod, ids[3]!, { locked: true })).statusCode).toBe(404);
    const contributors = (await api.native.get(`/api/groups/${group.id}/contributors`)).json();
    expect(contributors.contributors[0]).toMatchObject({ account: { id: a.id }, position: 1, posts_count: 8, points: 10, rank: 'regular' });
  });

  it('finds posts by words in Chinese and in English', async () => {
    const { group } = await makeGroup(t);
    const a = await makeAccount(t);
    const zh = await publishPost(a, group.id, { title: '新手开荒攻略', is_long: true, content: '<p>第一章：如何在灯笼镇找到隐藏的宝箱</p>' });
    const en = await publishPost(a, group.id, { title: 'Speedrun routing notes', is_long: true, content: '<p>The <strong>hidden lighthouse</strong> skip saves two minutes.</p>' });
    await publishPost(a, group.id, { content: '<p>Nothing to see here 这里什么也没有</p>' });
    const find = async (keyword: string) => (await api.native.get(`/api/search/posts?keyword=${encodeURIComponent(keyword)}&group_id=${group.id}`)).json().posts.map((p: { id: number }) => p.id);
    expect(await find('隐藏的宝箱')).toEqual([zh.id]);
    expect(await find('攻略')).toEqual([zh.id]);
    expect(await find('Hidden Lighthouse')).toEqual([en.id]);
    expect(await find('routing')).toEqual([en.id]);
    expect(await find('100%')).toEqual([]);
    const search = (await api.native.get(`/api/search?keyword=${encodeURIComponent('灯笼镇')}`)).json();
    expect(search.posts.map((p: { id: number }) => p.id)).toEqual([zh.id]);
    const groupsFound = (await api.native.get(`/api/search?type=group&keyword=${encodeURIComponent(group.name.en)}`)).json();
    expect(groupsFound.groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
  });
});

describe('lookups', () => {
  it('suggests @mentions by nickname prefix to signed-in writers', async () => {
    const a = await makeAccount(t);
    await updateAccount(t, a.id, { nickname: 'Mentionable_Owl' });
    const b = await makeAccount(t);
    await updateAccount(t, b.id, { nickname: '提及测试员' });
    expect((await api.native.get('/api/prefix_search?prefix=ment')).statusCode).toBe(401);
    expect((await api.native.get('/api/prefix_search?prefix=%40mentionable', { token: b.token })).json().users).toEqual([{ id: a.id, nickname: 'Mentionable_Owl', avatar_url: null }]);
    expect((await api.native.get(`/api/prefix_search?keyword=${encodeURIComponent('提及')}`, { token: a.token })).json().users.map((u: { id: number }) => u.id)).toEqual([b.id]);
    expect((await api.native.get('/api/prefix_search?prefix=%25', { token: a.token })).json().users).toEqual([]);
  });

  it('answers tags, post tabs, the address, interests of a guest and the community home', async () => {
    await t.deps.db.insert(postTags).values([{ name: { chs: '攻略', en: 'Guides' }, position: 1 }, { name: { chs: '闲聊', en: 'Chat' }, position: 2 }]);
    expect((await api.native.get('/api/tags?kind_eq=11')).json().tags.map((x: { name: { en: string } }) => x.name.en)).toEqual(['Guides', 'Chat']);
    expect((await api.native.get('/api/community/post_tabs')).json().tabs.map((x: { key: string }) => x.key)).toEqual(['all', 'reviews', 'long', 'short', 'featured']);
    expect((await api.abroad.get('/api/ip')).json()).toMatchObject({ area: 'abroad', ip: expect.any(String) });
    const { group } = await makeGroup(t);
    expect((await api.native.get(`/api/interests?game_id=${group.productId}`)).json().interest).toEqual({ game_id: group.productId, group_id: group.id, joined: false, review_id: null, owned: false, bought_here: false, playtime_hours: null });
    const home = (await api.native.get('/api/community_home')).json();
    expect(home.group_halls.length).toBeGreaterThan(0);
    expect(home.recommend_groups.length).toBeLessThanOrEqual(3);
    expect(home.recent_posts.length).toBeGreaterThan(0);
    expect(home.my_groups).toEqual([]);
  });

  it('repairs drifted counters from the rows they count', async () => {
    const { group } = await makeGroup(t);
    const a = await makeAccount(t);
    await review(a, group.id, { score: 2 });
    await api.native.post(`/api/groups/${group.id}/join`, undefined, { token: a.token });
    await t.deps.db.update(communityGroups).set({ usersCount: 40, reviewsCount: 7, score2: 0, score5: 3 }).where(eq(communityGroups.id, group.id));
    expect((await reconcileGroupCounters(t.deps)).repaired).toBeGreaterThanOrEqual(1);
    expect(await groupRow(t, group.id)).toMatchObject({ usersCount: 1, reviewsCount: 1, postsCount: 1, score2: 1, score5: 0, positiveCount: 0 });
    expect((await t.deps.db.select().from(posts).where(eq(posts.groupId, group.id))).length).toBe(1);
  });
});

describe('a post\'s likes and comments (the discussion module, through the Post target)', () => {
  it('are counted on the post, from both sites the community shows it on; a draft takes none', async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(author, group.id, { content: '<p>Dodge left, then strike. 先躲再打。</p>', is_long: false });
    const [reader, traveller] = [await makeAccount(t), await makeAccount(t, { area: 'abroad' })];
    expect((await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post.id, content: '好攻略' } }, { token: reader.token })).statusCode).toBe(201);
    expect((await api.abroad.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post.id, content: 'Thanks!' } }, { token: traveller.token })).statusCode).toBe(201);
    expect((await api.native.post(`/api/posts/${post.id}/like`, { like: { type: 1 } }, { token: reader.token })).statusCode).toBe(200);
    const shown = (await api.native.get(`/api/posts/${post.id}`)).json().post;
    expect({ likes: shown.likes_count, comments: shown.comments_count }).toEqual({ likes: 1, comments: 2 });
    const listed = (await api.abroad.get(`/api/comments?commentable_type=Post&commentable_id=${post.id}`)).json();
    expect(listed.comments.map((c: { content: string }) => c.content).sort()).toEqual(['Thanks!', '好攻略']);
    const draft = (await newDraft(author, `group_id=${group.id}&type=Post`)).json().draft;
    expect((await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: draft.id, content: 'early' } }, { token: reader.token })).statusCode).toBe(404);
  });
});

describe('moderation on publishing', () => {
  it('keeps a draft as typed, refuses to publish a blocked word, and masks a censored one', async () => {
    const { group } = await makeGroup(t);
    const [author, staff] = [await makeAccount(t), await makeAccount(t, { role: 'staff' })];
    for (const [word, action] of [['代练群', 'block'], ['darn', 'censor']]) {
      expect((await api.native.post('/api/admin/watched_words', { watched_word: { word, action } }, { token: staff.token })).statusCode).toBe(201);
    }
    const draft = (await newDraft(author, `group_id=${group.id}&type=Post`)).json().draft;
    expect((await saveDraft(author, draft.id, { content: '<p>加我代练群</p>', is_long: false })).statusCode).toBe(200);
    const refused = await saveDraft(author, draft.id, { publish: true, content: '<p>加我代练群</p>', is_long: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ censor_words: ['banned'] });
    const published = await saveDraft(author, draft.id, { publish: true, content: '<p>oh darn, a hard boss</p>', is_long: false });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().post.content).toBe('<p>oh ***, a hard boss</p>');
  });
});
