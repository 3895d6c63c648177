import { describe, expect, it } from 'vitest';
import { COLLECTIONS_API, TALKS_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** Collections of posts (headlines register later) and share links (docs/product/people.md#collections, #share). */
const { t, api } = useTestApp({ env: { SITE_URL_NATIVE: 'https://cn.lantern.example', SITE_URL_ABROAD: 'https://global.lantern.example' } });

type Account = { id: number; token: string };
const collect = (who: Account, accessible_id: number, accessible_type = 'Post') =>
  api.native.post(COLLECTIONS_API.collections, { collection: { accessible_type, accessible_id } }, { token: who.token });

describe('collections', () => {
  it('collects a post once (400 account taken the second time), lists it with its title, and removes it', async () => {
    const { group } = await makeGroup(t);
    const [author, reader] = [await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, author, group.id, { content: '<p>A fine guide</p>' });
    const first = await collect(reader, post);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().collection).toMatchObject({ accessible_type: 'Post', accessible_id: post, target: { title: 'A fine guide', summary: 'A fine guide', path: `/posts/${post}` } });
    const again = await collect(reader, post);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ account: ['taken'] });

    const listed = await api.native.get(COLLECTIONS_API.collections, { token: reader.token });
    expect(listed.json()).toMatchObject({ meta: { total_count: 1, page: 1, per: 10 } });
    expect(listed.json().collections[0].id).toBe(first.json().collection.id);
    expect((await api.native.get(COLLECTIONS_API.collections, { token: author.token })).json().collections).toEqual([]);

    const id = first.json().collection.id as number;
    expect((await api.native.delete(COLLECTIONS_API.collection(id), { token: author.token })).statusCode).toBe(404);
    expect((await api.native.delete(COLLECTIONS_API.collection(id), { token: reader.token })).statusCode).toBe(204);
    expect((await api.native.get(COLLECTIONS_API.collections, { token: reader.token })).json().collections).toEqual([]);
  });

  it('refuses guests (401), a missing post and a type nobody registered yet (404), and an unknown type (422)', async () => {
    const a = await makeAccount(t);
    expect((await api.native.post(COLLECTIONS_API.collections, { collection: { accessible_type: 'Post', accessible_id: 1 } })).statusCode).toBe(401);
    expect((await api.native.get(COLLECTIONS_API.collections)).statusCode).toBe(401);
    expect((await collect(a, 987_654_321)).json().errors).toEqual({ accessible_id: ['not_found'] });
    expect((await collect(a, 1, 'Headline')).statusCode).toBe(404);
    expect((await collect(a, 1, 'Talk')).statusCode).toBe(422);
  });

  it('keeps an entry whose post was deleted, without its target', async () => {
    const { group } = await makeGroup(t);
    const [author, reader] = [await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, author, group.id);
    await collect(reader, post);
    expect((await api.native.delete(`/api/posts/${post}`, { token: author.token })).statusCode).toBe(204);
    expect((await api.native.get(COLLECTIONS_API.collections, { token: reader.token })).json().collections[0]).toMatchObject({ accessible_id: post, target: null });
  });
});

describe('share', () => {
  it('gives a link to a post or talk on the site the share names, the sharer\'s own without one', async () => {
    const { group } = await makeGroup(t);
    const a = await makeAccount(t);
    const post = await publishPost(t, a, group.id);
    const talk = (await api.native.post(TALKS_API.talks, { talk: { content: 'share me' } }, { token: a.token })).json().talk.id as number;
    const toAbroad = await api.native.post(COLLECTIONS_API.share, { share: { target_type: 'Post', target_id: post, target_data: { area: 'abroad' } } });
    expect(toAbroad.statusCode, toAbroad.body).toBe(200);
    expect(toAbroad.json()).toEqual({ share: { target_type: 'Post', target_id: post, area: 'abroad', url: `https://global.lantern.example/posts/${post}` } });
    const own = await api.native.post(COLLECTIONS_API.share, { share: { target_type: 'Talk', target_id: talk } }, { token: a.token });
    expect(own.json().share.url).toBe(`https://cn.lantern.example/talks/${talk}`);
  });

  it('answers 404 for a target that is not there, 422 for a bad type or area', async () => {
    expect((await api.native.post(COLLECTIONS_API.share, { share: { target_type: 'Post', target_id: 987_654_321 } })).json().errors).toEqual({ target_id: ['not_found'] });
    expect((await api.native.post(COLLECTIONS_API.share, { share: { target_type: 'Sku', target_id: 1 } })).statusCode).toBe(422);
    expect((await api.native.post(COLLECTIONS_API.share, { share: { target_type: 'Post', target_id: 1, target_data: { area: 'moon' } } })).statusCode).toBe(422);
  });
});
