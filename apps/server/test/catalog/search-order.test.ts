import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { days, makeSku } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Ordering of GET /api/search/skus (docs/product/catalogue.md#search-ordering): keys rank, discount, released_at, score, wishes_count and
 * sale_price; asc or desc (default desc); an unknown key is rank desc; rank and sale_price keep only
 * list_price > 0; discount and sale_price keep only status sale; ties by id.
 */

const { t, api } = useTestApp();
const ids: Record<string, number> = {};
beforeAll(async () => {
  const now = t.clock.now().getTime();
  const at = (offsetDays: number) => new Date(now + days(offsetDays));
  // A: full price; B: half price, top rank; C: small discount, best score; D: free; E: pre-sale, most wished.
  ids.A = (await makeSku(t, { listPrice: 10000, salePrice: null, rank: 50, score: 80, wishesCount: 300, releasedAt: at(-10) })).id;
  ids.B = (await makeSku(t, { listPrice: 8000, salePrice: 4000, rank: 90, score: 60, wishesCount: 100, releasedAt: at(-5) })).id;
  ids.C = (await makeSku(t, { listPrice: 6000, salePrice: 5400, rank: 10, score: 95, wishesCount: 900, releasedAt: at(-30) })).id;
  ids.D = (await makeSku(t, { listPrice: 0, salePrice: null, rank: 99, score: 70, wishesCount: 500, releasedAt: at(-2) })).id;
  ids.E = (await makeSku(t, { status: 'pre_sale', listPrice: 12000, rank: 70, score: 0, wishesCount: 1000, releasedAt: at(20) })).id;
  // Never listed: off sale, unpublished, and the other site's.
  await makeSku(t, { status: 'off', rank: 1000, score: 100, wishesCount: 9999, listPrice: 100 });
  await makeSku(t, { status: 'unpublished', rank: 1000, score: 100, wishesCount: 9999, listPrice: 100 });
  await makeSku(t, { area: 'abroad', rank: 1000, score: 100, wishesCount: 9999, listPrice: 100 });
});

async function order(query: string): Promise<string[]> {
  const res = await api.native.get(`/api/search/skus?${query}`);
  expect(res.statusCode).toBe(200);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return res.json().skus.map((s: { id: number }) => byId.get(s.id) ?? `#${s.id}`);
}

describe('ordering keys, both directions', () => {
  it('rank: only list_price > 0 (the free D is left out)', async () => {
    expect(await order('order=rank&direction=desc')).toEqual(['B', 'E', 'A', 'C']);
    expect(await order('order=rank&direction=asc')).toEqual(['C', 'A', 'E', 'B']);
  });

  it('discount: only status sale (the pre-sale E is left out), ties by id', async () => {
    expect(await order('order=discount&direction=desc')).toEqual(['B', 'C', 'A', 'D']);
    expect(await order('order=discount&direction=asc')).toEqual(['A', 'D', 'C', 'B']);
  });

  it('released_at: everything listed, pre-sale included', async () => {
    expect(await order('order=released_at&direction=desc')).toEqual(['E', 'D', 'B', 'A', 'C']);
    expect(await order('order=released_at&direction=asc')).toEqual(['C', 'A', 'B', 'D', 'E']);
  });

  it('score', async () => {
    expect(await order('order=score&direction=desc')).toEqual(['C', 'A', 'D', 'B', 'E']);
    expect(await order('order=score&direction=asc')).toEqual(['E', 'B', 'D', 'A', 'C']);
  });

  it('wishes_count', async () => {
    expect(await order('order=wishes_count&direction=desc')).toEqual(['E', 'C', 'D', 'A', 'B']);
    expect(await order('order=wishes_count&direction=asc')).toEqual(['B', 'A', 'D', 'C', 'E']);
  });

  it('sale_price (the effective price): both restrictions, list_price > 0 and status sale', async () => {
    expect(await order('order=sale_price&direction=desc')).toEqual(['A', 'C', 'B']);
    expect(await order('order=sale_price&direction=asc')).toEqual(['B', 'C', 'A']);
  });
});

describe('defaults and fallbacks', () => {
  it('with no ordering asked for, ranks by rank desc (and so keeps list_price > 0)', async () => {
    expect(await order('')).toEqual(['B', 'E', 'A', 'C']);
  });

  it('defaults the direction to desc, and reads any unknown direction as desc', async () => {
    expect(await order('order=score')).toEqual(['C', 'A', 'D', 'B', 'E']);
    expect(await order('order=score&direction=sideways')).toEqual(['C', 'A', 'D', 'B', 'E']);
    expect(await order('order=SCORE&direction=ASC')).toEqual(['E', 'B', 'D', 'A', 'C']);
  });

  it('falls back to rank desc for an unknown key, whatever the direction', async () => {
    expect(await order('order=price&direction=asc')).toEqual(['B', 'E', 'A', 'C']);
    expect(await order('order=id')).toEqual(['B', 'E', 'A', 'C']);
    expect(await order('q[s]=name asc')).toEqual(['B', 'E', 'A', 'C']);
  });

  it('reads a Rails-style q[s], and lets order/direction win when both are given', async () => {
    expect(await order(`q[s]=${encodeURIComponent('sale_price asc')}`)).toEqual(['B', 'C', 'A']);
    expect(await order(`q[s]=${encodeURIComponent('wishes_count')}`)).toEqual(['E', 'C', 'D', 'A', 'B']);
    expect(await order(`order=score&direction=desc&q[s]=${encodeURIComponent('score asc')}`)).toEqual(['C', 'A', 'D', 'B', 'E']);
  });

  it('breaks ties by id, so pages never overlap', async () => {
    const fresh = await createTestApp();
    try {
      const same = [];
      for (let i = 0; i < 5; i++) same.push((await makeSku(fresh, { rank: 7, score: 50, listPrice: 1000 })).id);
      const local = clients(fresh);
      for (const o of ['rank', 'score']) {
        for (const d of ['asc', 'desc']) {
          const first = (await local.native.get(`/api/search/skus?order=${o}&direction=${d}&per=2&page=1`)).json().skus.map((s: { id: number }) => s.id);
          const second = (await local.native.get(`/api/search/skus?order=${o}&direction=${d}&per=2&page=2`)).json().skus.map((s: { id: number }) => s.id);
          const third = (await local.native.get(`/api/search/skus?order=${o}&direction=${d}&per=2&page=3`)).json().skus.map((s: { id: number }) => s.id);
          expect([...first, ...second, ...third]).toEqual(same);
        }
      }
    } finally {
      await fresh.close();
    }
  });

  it('counts only what the ordering keeps', async () => {
    expect((await api.native.get('/api/search/skus?order=sale_price')).json().meta.total_count).toBe(3);
    expect((await api.native.get('/api/search/skus?order=score')).json().meta.total_count).toBe(5);
    expect((await api.native.get('/api/search/skus?order=discount')).json().meta.total_count).toBe(4);
  });
});
