import { beforeEach, describe, expect, it } from 'vitest';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { useTestApp } from '../support/test-app.ts';

// A fresh app per test: the home answer is cached, so each test reads it once after writing its events.
const { t, api } = useTestApp({ each: 'test' });
let admin: { id: number; token: string };
beforeEach(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

async function makeEvent(o: { area?: 'native' | 'abroad'; from: number; to: number; index?: number; price?: number; stock?: number }) {
  const area = o.area ?? 'native';
  const sku = await makeSku(t, { area, listPrice: 9800 });
  await keysForSale(t, sku.id, o.stock ?? 10);
  const res = await api.native.post('/api/admin/sec_kills', {
    sec_kill: { area, title: { chs: '限时秒杀', en: 'Flash sale' }, index: o.index ?? 0, from_timestamp: o.from, to_timestamp: o.to, items: [{ sku_id: sku.id, price: o.price ?? 1990, stock: o.stock ?? 10 }] },
  }, { token: admin.token });
  expect(res.statusCode).toBe(201);
  return { id: (res.json() as { id: number }).id, skuId: sku.id };
}

describe('the store home flash-sale block', () => {
  it('lists the site\'s current and upcoming events in index order, not the ended, closed or other site\'s', async () => {
    const upcoming = await makeEvent({ from: nowSec() + 300, to: nowSec() + 3600, index: 1 });
    const current = await makeEvent({ from: nowSec() - 60, to: nowSec() + 3600, index: 2, price: 2990, stock: 7 });
    await makeEvent({ from: nowSec() - 7200, to: nowSec() - 3600 });
    const closed = await makeEvent({ from: nowSec() - 60, to: nowSec() + 3600 });
    expect((await api.native.patch(`/api/admin/sec_kills/${closed.id}`, { sec_kill: { closed: true } }, { token: admin.token })).statusCode).toBe(200);
    const abroad = await makeEvent({ area: 'abroad', from: nowSec() - 60, to: nowSec() + 3600 });

    const home = (await api.native.get('/api/v7/home')).json() as { seckills: Array<Record<string, unknown> & { items: Array<Record<string, unknown>> }> };
    expect(home.seckills.map((e) => e.id)).toEqual([upcoming.id, current.id]);
    const shown = home.seckills[1]!;
    expect(shown).toMatchObject({ status: 'current', price: 2990, left: 7, title: { en: 'Flash sale' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 });
    expect(shown.items[0]).toMatchObject({ sku_id: current.skuId, price: 2990, stock: 7, left: 7, buy_limit: 1, sku: { id: current.skuId, list_price: 9800 } });
    // The item's SKU is a card, as the other home blocks carry: no tags, category or counters on the wire.
    expect(Object.keys(shown.items[0]!.sku as object).sort()).toEqual(
      ['cate', 'currency', 'discount', 'edition', 'id', 'key_type', 'kind', 'list_price', 'released_at_timestamp', 'sale_price', 'sku_covers', 'sku_names', 'status'],
    );
    expect(home.seckills[0]).toMatchObject({ status: 'not_start' });

    const abroadHome = (await api.abroad.get('/api/v7/home')).json() as { seckills: Array<{ id: number }> };
    expect(abroadHome.seckills.map((e) => e.id)).toEqual([abroad.id]);
  });

  it('is empty when the site has no flash sale running or coming', async () => {
    await makeEvent({ from: nowSec() - 7200, to: nowSec() - 3600 });
    expect((await api.native.get('/api/v7/home')).json().seckills).toEqual([]);
  });
});

describe('GET /sec_kill', () => {
  it('answers the server clock in milliseconds, so the web can keep its offset to server time', async () => {
    t.clock.advance(0.437);
    const nowMs = t.clock.now().getTime();
    const res = await api.native.get('/sec_kill');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ server_time_ms: nowMs, server_timestamp: Math.floor(nowMs / 1000) });
  });
});
