import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PROFILES_API, UPLOADS_API, type UploadResult, type UploadToken } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { uploadForm } from '../support/upload-form.ts';
import { makeAccount, makeProduct, makeSku } from '../support/catalog-factories.ts';
import { makeGroup, ownGame, publishPost } from '../support/community-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** A personal page's data (docs/product/personal-pages.md#personal-page): the games tab, comments and replies apart, the background. */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const gamesOf = (id: number, query: Record<string, string> = {}, area: 'native' | 'abroad' = 'native') =>
  api[area].get(PROFILES_API.communityGames(id), { query });

async function uploadBackground(who: Account): Promise<UploadResult> {
  const issued: UploadToken = (await api.native.get(UPLOADS_API.cloudStoragesNew, { token: who.token, query: { for: 'background' } })).json();
  const body = await sharp({ create: { width: 96, height: 48, channels: 3, background: '#224466' } }).png().toBuffer();
  const { payload, contentType } = uploadForm({ policy: issued.policy, signature: issued.signature, accessid: issued.accessid }, body);
  const res = await t.app.inject({ method: 'POST', url: UPLOADS_API.uploads, headers: { host: HOSTS.native, 'content-type': contentType }, payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const setBackground = (who: Account, url: string | null) => api.native.post(PROFILES_API.backgrounds, { background: { url } }, { token: who.token });

describe('GET /api/accounts/{id}/community_games', () => {
  it("lists an account's games on the site, most played first, with the hours of all of them, to anyone", async () => {
    const owner = await makeAccount(t);
    const [little, most, none] = [await makeSku(t), await makeSku(t), await makeSku(t)];
    await ownGame(t, owner.id, little, 1800);
    await ownGame(t, owner.id, most, 36_000);
    await ownGame(t, owner.id, none, 0);
    const res = await gamesOf(owner.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.community_games.map((g: { sku_id: number }) => g.sku_id)).toEqual([most.id, little.id, none.id]);
    expect(body.community_games[0]).toMatchObject({ account_id: owner.id, playtime_seconds: 36_000, playtime_hours: 10, sku: { id: most.id } });
    expect(body.community_games[0]).not.toHaveProperty('source');
    expect(body.meta).toEqual({ total_count: 3, page: 1, per: 10, total_hours: 10.5 });
    const second = (await gamesOf(owner.id, { per: '2', page: '2' })).json();
    expect(second.community_games.map((g: { sku_id: number }) => g.sku_id)).toEqual([none.id]);
  });

  it('shows games only (no DLC or bundles), and only those of the site asked', async () => {
    const owner = await makeAccount(t);
    const base = await makeProduct(t);
    const dlc = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.id } });
    const bundle = await makeSku(t, { product: { kind: 'bundle' } });
    const abroad = await makeSku(t, { area: 'abroad' });
    for (const sku of [dlc, bundle, abroad]) await ownGame(t, owner.id, sku, 600);
    expect((await gamesOf(owner.id)).json().community_games).toEqual([]);
    expect((await gamesOf(owner.id, {}, 'abroad')).json().community_games.map((g: { sku_id: number }) => g.sku_id)).toEqual([abroad.id]);
  });

  it('is a 404 for a closed or unknown account, and a 422 for a bad page', async () => {
    const closed = await makeAccount(t);
    await ownGame(t, closed.id, await makeSku(t), 60);
    await updateAccount(t, closed.id, { closedAt: new Date() });
    expect((await gamesOf(closed.id)).statusCode).toBe(404);
    expect((await gamesOf(987_654_321)).statusCode).toBe(404);
    expect((await gamesOf(closed.id, { page: '0' })).statusCode).toBe(422);
  });
});

describe('GET /api/accounts/{id}/comments with the reply flag', () => {
  it('answers comments alone, replies alone, or both', async () => {
    const [author, other] = [await makeAccount(t), await makeAccount(t)];
    const { group } = await makeGroup(t);
    const post = await publishPost(t, other, group.id);
    const comment = async (who: Account, body: Record<string, unknown>) => {
      const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, ...body } }, { token: who.token });
      expect(res.statusCode).toBe(201);
      return res.json().comment.id as number;
    };
    const theirs = await comment(other, { content: 'Their comment' });
    const mine = await comment(author, { content: 'My comment' });
    const reply = await comment(author, { commentary_id: theirs, content: 'My reply' });
    const ids = async (query: Record<string, string>) =>
      (await api.native.get(`/api/accounts/${author.id}/comments`, { query })).json().comments.map((c: { id: number }) => c.id);
    expect(await ids({})).toEqual([reply, mine]);
    expect(await ids({ reply: 'true' })).toEqual([reply]);
    expect(await ids({ reply: 'false' })).toEqual([mine]);
    expect((await api.native.get(`/api/accounts/${author.id}/comments`, { query: { reply: 'maybe' } })).statusCode).toBe(422);
  });
});

describe('POST /api/backgrounds', () => {
  it('sets the background to an image the owner uploaded, shows it on the profile, and clears it with null', async () => {
    const owner = await makeAccount(t);
    const image = await uploadBackground(owner);
    const set = await setBackground(owner, image.url);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ background_url: image.url });
    expect((await api.abroad.get(`/api/users/${owner.id}`)).json().background_url).toBe(image.url);
    expect((await setBackground(owner, null)).json()).toEqual({ background_url: null });
    expect((await api.native.get(`/api/users/${owner.id}`)).json().background_url).toBeNull();
  });

  it("refuses someone else's upload and any outside address (422 url invalid), and guests (401)", async () => {
    const [owner, other] = [await makeAccount(t), await makeAccount(t)];
    const theirs = await uploadBackground(other);
    for (const url of [theirs.url, 'https://example.com/banner.png']) {
      const refused = await setBackground(owner, url);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ url: ['invalid'] });
    }
    expect((await api.native.get(`/api/users/${owner.id}`)).json().background_url).toBeNull();
    expect((await api.native.post(PROFILES_API.backgrounds, { background: { url: null } })).statusCode).toBe(401);
    expect((await setBackground(owner, 'x'.repeat(3000))).statusCode).toBe(422);
  });

  it('keeps the background image from being deleted while it is in use (422 upload in_use), and lets it go after', async () => {
    const owner = await makeAccount(t);
    const image = await uploadBackground(owner);
    await setBackground(owner, image.url);
    const refused = await api.native.delete(UPLOADS_API.ownUpload(image.id), { token: owner.token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ upload: ['in_use'] });
    await setBackground(owner, null);
    expect((await api.native.delete(UPLOADS_API.ownUpload(image.id), { token: owner.token })).statusCode).toBe(204);
  });
});
