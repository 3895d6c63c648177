import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder, stockKeys } from '../support/keys-factories.ts';
import { gameKeys } from '../../src/modules/keys/tables.ts';
import type { SandboxKeyPlatforms } from '../../src/platform/key-platforms.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

/** A buyer who owns one key of a fresh SKU with the given code: the key's id and the buyer. */
async function ownedKey(code: string, options: { keyType?: 'steam' | 'uplay'; virtual?: boolean } = {}) {
  const buyer = await makeAccount(t);
  const sku = options.virtual
    ? await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' }, keyType: null })
    : await makeSku(t, { keyType: options.keyType ?? 'steam' });
  await stockKeys(t, sku.id, [code], options.virtual ? 'other' : (options.keyType ?? 'steam'));
  await makePaidOrder(t, buyer.id, [sku], { cate: options.virtual ? 'virtual' : 'game' });
  const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
  return { buyer, keyId: key!.id };
}

const activate = (id: number, token: string) => api.native.post(`/api/me/game_keys/${id}/activate`, undefined, { token });

describe('POST /api/me/game_keys/{id}/activate', () => {
  it('activates a Steam key on its platform: activated, with the time', async () => {
    const { buyer, keyId } = await ownedKey('ACTIV-ATEME-00001');
    const res = await activate(keyId, buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: keyId, activation_status: 'activated', error_code: null, activated_at_timestamp: Math.floor(t.clock.now().getTime() / 1000) });
    const list = (await api.native.get('/api/game_key', { token: buyer.token })).json();
    expect(list.game_keys[0]).toMatchObject({ id: keyId, activation_status: 'activated' });
  });

  it('answers an activated key unchanged when asked again (a repeated click)', async () => {
    const { buyer, keyId } = await ownedKey('TWICE-ACTIV-00002');
    const first = (await activate(keyId, buyer.token)).json();
    t.clock.advance(60);
    expect((await activate(keyId, buyer.token)).json()).toEqual(first);
  });

  it('fails with the platform error code, and may be tried again', async () => {
    const { buyer, keyId } = await ownedKey('REVOKED-KEY-00003');
    const res = await activate(keyId, buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ activation_status: 'failed', error_code: 'key_revoked', activated_at_timestamp: null });
    const list = (await api.native.get('/api/game_key', { token: buyer.token })).json();
    expect(list.game_keys[0]).toMatchObject({ activation_status: 'failed', activation_error: 'key_revoked' });

    const { buyer: other, keyId: flaky } = await ownedKey('FLAKY-ACTIV-00004');
    (t.deps.keyPlatforms as SandboxKeyPlatforms).failNext('FLAKY-ACTIV-00004', 'platform_busy');
    expect((await activate(flaky, other.token)).json()).toMatchObject({ activation_status: 'failed', error_code: 'platform_busy' });
    expect((await activate(flaky, other.token)).json()).toMatchObject({ activation_status: 'activated', error_code: null });
  });

  it('marks a Uplay key enabled, without its platform', async () => {
    const { buyer, keyId } = await ownedKey('UPLA-YENA-BLED-0005', { keyType: 'uplay' });
    expect((await activate(keyId, buyer.token)).json()).toMatchObject({ activation_status: 'enabled', error_code: null });
    const uplays = (await api.native.get('/api/game_key', { token: buyer.token, query: { 'q[key_type_eq]': 'uplay' } })).json();
    expect(uplays.game_keys[0]).toMatchObject({ id: keyId, activation_status: 'enabled' });
  });

  it("is a 404 for another account's key, an unknown key, or a virtual good's code; 401 for a guest", async () => {
    const { keyId } = await ownedKey('NOTYO-URSAA-00006');
    const stranger = await makeAccount(t);
    expect((await activate(keyId, stranger.token)).statusCode).toBe(404);
    expect((await activate(987654321, stranger.token)).statusCode).toBe(404);
    const code = await ownedKey('GOODS-CODEE-00007', { virtual: true });
    expect((await activate(code.keyId, code.buyer.token)).statusCode).toBe(404);
    expect((await api.native.post(`/api/me/game_keys/${keyId}/activate`)).statusCode).toBe(401);
    const [row] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.id, keyId));
    expect(row!.activationStatus).toBe('init');
  });
});

describe('POST /api/me/codes/{id}/activate', () => {
  it("activates a virtual good's code, and is a 404 for a platform key", async () => {
    const code = await ownedKey('GOODS-ACTIV-00008', { virtual: true });
    const res = await api.native.post(`/api/me/codes/${code.keyId}/activate`, undefined, { token: code.buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: code.keyId, activation_status: 'activated' });
    const key = await ownedKey('PLATF-ORMKE-00009');
    expect((await api.native.post(`/api/me/codes/${key.keyId}/activate`, undefined, { token: key.buyer.token })).statusCode).toBe(404);
  });

  it('answers a failed code with its error code', async () => {
    const code = await ownedKey('USED-GIFT-00010', { virtual: true });
    expect((await api.native.post(`/api/me/codes/${code.keyId}/activate`, undefined, { token: code.buyer.token })).json()).toMatchObject({ activation_status: 'failed', error_code: 'key_already_used' });
  });
});
