import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { skus, wishes } from '../../src/modules/catalog/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

async function storedCount(skuId: number) {
  const [row] = await t.deps.db.select({ n: skus.wishesCount }).from(skus).where(eq(skus.id, skuId));
  return row!.n;
}

describe('the wish list', () => {
  it('is for signed-in users only', async () => {
    const sku = await makeSku(t);
    for (const res of [
      await api.native.get('/api/me/wishes'),
      await api.native.put(`/api/me/wishes/${sku.id}`),
      await api.native.delete(`/api/me/wishes/${sku.id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    }
    expect(await storedCount(sku.id)).toBe(0);
  });

  it('adds a wish once however often it is put, and counts it once', async () => {
    const sku = await makeSku(t, { wishesCount: 41 });
    const buyer = await makeAccount(t);
    const first = await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: buyer.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ sku_id: sku.id, is_wished: true, wishes_count: 42 });
    const again = await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: buyer.token });
    expect(again.json()).toEqual({ sku_id: sku.id, is_wished: true, wishes_count: 42 });
    expect(await storedCount(sku.id)).toBe(42);
    expect((await api.native.get(`/api/skus/${sku.id}`)).json().wishes_count).toBe(42);
  });

  it('removes a wish once however often it is deleted, and uncounts it once', async () => {
    const sku = await makeSku(t, { wishesCount: 10 });
    const buyer = await makeAccount(t);
    await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: buyer.token });
    const removed = await api.native.delete(`/api/me/wishes/${sku.id}`, { token: buyer.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ sku_id: sku.id, is_wished: false, wishes_count: 10 });
    const again = await api.native.delete(`/api/me/wishes/${sku.id}`, { token: buyer.token });
    expect(again.json()).toEqual({ sku_id: sku.id, is_wished: false, wishes_count: 10 });
    expect(await storedCount(sku.id)).toBe(10);
  });

  it('counts the wishes of different people separately', async () => {
    const sku = await makeSku(t);
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: a.token });
    expect((await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: b.token })).json().wishes_count).toBe(2);
    expect((await api.native.delete(`/api/me/wishes/${sku.id}`, { token: a.token })).json().wishes_count).toBe(1);
  });

  it('counts 20 concurrent puts by one user once', async () => {
    const sku = await makeSku(t);
    const buyer = await makeAccount(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: buyer.token })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.json().wishes_count === 1)).toBe(true);
    expect(await storedCount(sku.id)).toBe(1);
    const rows = await t.deps.db.select().from(wishes).where(eq(wishes.skuId, sku.id));
    expect(rows).toHaveLength(1);
    const deletes = await Promise.all(Array.from({ length: 20 }, () => api.native.delete(`/api/me/wishes/${sku.id}`, { token: buyer.token })));
    expect(deletes.every((r) => r.statusCode === 200)).toBe(true);
    expect(await storedCount(sku.id)).toBe(0);
  });

  it('lists the wishes of this site, newest first, paged', async () => {
    const buyer = await makeAccount(t);
    const skusWished = [];
    for (let i = 0; i < 3; i++) {
      const sku = await makeSku(t);
      await api.native.put(`/api/me/wishes/${sku.id}`, undefined, { token: buyer.token });
      skusWished.push(sku);
      t.clock.advance(60);
    }
    const abroad = await makeSku(t, { area: 'abroad' });
    await api.abroad.put(`/api/me/wishes/${abroad.id}`, undefined, { token: (await makeAccount(t, { area: 'abroad' })).token });
    const res = await api.native.get('/api/me/wishes?per=2', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total_count: 3, page: 1, per: 2 });
    expect(body.skus.map((s: { id: number }) => s.id)).toEqual([skusWished[2]!.id, skusWished[1]!.id]);
    expect(body.skus[0].wished_at_timestamp).toBeGreaterThan(body.skus[1].wished_at_timestamp);
    const second = (await api.native.get('/api/me/wishes?per=2&page=2', { token: buyer.token })).json();
    expect(second.skus.map((s: { id: number }) => s.id)).toEqual([skusWished[0]!.id]);
    expect((await api.native.get('/api/me/wishes?per=500', { token: buyer.token })).statusCode).toBe(422);
  });

  it('keeps a wish list per site, and leaves unpublished SKUs out of it', async () => {
    const buyer = await makeAccount(t, { area: 'native' });
    const native = await makeSku(t);
    const hidden = await makeSku(t);
    await api.native.put(`/api/me/wishes/${native.id}`, undefined, { token: buyer.token });
    await api.native.put(`/api/me/wishes/${hidden.id}`, undefined, { token: buyer.token });
    await t.deps.db.update(skus).set({ status: 'unpublished' }).where(eq(skus.id, hidden.id));
    const list = (await api.native.get('/api/me/wishes', { token: buyer.token })).json();
    expect(list.skus.map((s: { id: number }) => s.id)).toEqual([native.id]);
    expect(list.meta.total_count).toBe(1);
    // A wish for a SKU no longer shown can still be taken out.
    expect((await api.native.delete(`/api/me/wishes/${hidden.id}`, { token: buyer.token })).json().is_wished).toBe(false);
  });

  it("answers 404 for a SKU of the other area, an unpublished or unknown one; 422 for a malformed id", async () => {
    const buyer = await makeAccount(t);
    const abroad = await makeSku(t, { area: 'abroad' });
    const unpublished = await makeSku(t, { status: 'unpublished' });
    expect((await api.native.put(`/api/me/wishes/${abroad.id}`, undefined, { token: buyer.token })).statusCode).toBe(404);
    expect((await api.native.delete(`/api/me/wishes/${abroad.id}`, { token: buyer.token })).statusCode).toBe(404);
    expect((await api.native.put(`/api/me/wishes/${unpublished.id}`, undefined, { token: buyer.token })).statusCode).toBe(404);
    expect((await api.native.put('/api/me/wishes/987654321', undefined, { token: buyer.token })).statusCode).toBe(404);
    expect((await api.native.put('/api/me/wishes/abc', undefined, { token: buyer.token })).statusCode).toBe(422);
    expect(await storedCount(abroad.id)).toBe(0);
  });

  it('lets a pre-sale or off-sale SKU be wished for (wishing is how people wait for it)', async () => {
    const buyer = await makeAccount(t);
    const preSale = await makeSku(t, { status: 'pre_sale' });
    const off = await makeSku(t, { status: 'off' });
    expect((await api.native.put(`/api/me/wishes/${preSale.id}`, undefined, { token: buyer.token })).json().is_wished).toBe(true);
    expect((await api.native.put(`/api/me/wishes/${off.id}`, undefined, { token: buyer.token })).json().is_wished).toBe(true);
  });
});
