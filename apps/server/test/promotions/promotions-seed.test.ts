import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../support/client.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedPromotions } from '../../src/seed/promotions.ts';
import { setAsideCount } from '../../src/modules/keys/index.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo flash sales: on both sites, one running, one starting in a few minutes, one ended; the units to sell backed by keys. */
const { t } = useTestApp({ seed: [seedCatalog] });
beforeAll(async () => {
}, 120_000);

describe('seedPromotions', () => {
  it('writes a running, an upcoming and an ended flash sale on each site', async () => {
    expect(await seedPromotions(t.deps)).toBe(6);
    const api = clients(t);
    for (const site of [api.native, api.abroad]) {
      const { sec_kills: groups } = (await site.get('/api/promotion', { query: { q: 'sec_kills' } })).json();
      expect([groups.current.length, groups.pre.length, groups.history.length]).toEqual([1, 1, 1]);
      const opensIn = groups.pre[0].from_timestamp - Math.floor(t.clock.now().getTime() / 1000);
      expect(opensIn).toBeGreaterThan(0);
      expect(opensIn).toBeLessThanOrEqual(5 * 60);
      for (const event of [...groups.current, ...groups.pre, ...groups.history]) {
        expect(event.items[0].sku).not.toBeNull();
        expect(event.price).toBeLessThan(event.items[0].sku.sale_price);
        expect(event.area).toBe(site.area);
      }
      // Every unit still to sell has its key set aside for it.
      for (const event of [...groups.current, ...groups.pre]) {
        const { stock, sku_id: skuId, supplier_units: supplierUnits } = event.items[0];
        expect(supplierUnits).toBe(0);
        expect(await setAsideCount(t.deps.db, `seckill_item:${event.items[0].id}`)).toBe(stock);
        expect(skuId).toBe(event.items[0].sku.id);
      }
      const live = (await site.get('/sec_kill')).json();
      expect(live.sec_kills.map((e: { status: string }) => e.status)).toEqual(['current', 'not_start']);
    }
  });
});
