import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedKeysAndCodes } from '../../src/seed/keys.ts';
import { seedPromotions } from '../../src/seed/promotions.ts';
import { seedBundlesAndQueues } from '../../src/seed/bundles.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo bundles and exploring queue: on both sites, live, made of listed games, each bundle a saving. */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog, seedKeysAndCodes, seedPromotions] });
beforeAll(async () => {
}, 180_000);

describe('seedBundlesAndQueues', () => {
  it('writes two live bundles and a queue of nine games on each site', async () => {
    expect(await seedBundlesAndQueues(t.deps)).toEqual({ bundles: 4, queues: 2 });
    const api = clients(t);
    for (const site of [api.native, api.abroad]) {
      const { activities } = (await site.get('/api/v7/bundle_promo_activities')).json();
      expect(activities).toHaveLength(2);
      for (const activity of activities) {
        const games = activity.game_pool.games;
        expect(games.length).toBeGreaterThan(activity.pick_count);
        expect(games.every((g: { sku: unknown }) => g.sku !== null)).toBe(true);
        expect(new Set(games.map((g: { product_id: number }) => g.product_id)).size).toBe(games.length);
        const cheapest = games.map((g: { sku: { sale_price: number } }) => g.sku.sale_price).sort((a: number, b: number) => a - b).slice(0, activity.pick_count);
        expect(cheapest.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(activity.price);
      }
      const { queues } = (await site.get('/api/promotion/queues')).json();
      expect(queues).toHaveLength(1);
      expect(queues[0].items).toHaveLength(9);
      expect(queues[0].reward).toMatchObject({ kind: 'points', points: 100 });
    }
  });
});
