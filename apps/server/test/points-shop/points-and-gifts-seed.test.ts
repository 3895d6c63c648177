import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedCoupons } from '../../src/seed/coupons.ts';
import { seedKeysAndCodes } from '../../src/seed/keys.ts';
import { seedPointsAndGifts } from '../../src/seed/points-and-gifts.ts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo points shop, gift packs and coupon areas: on both sites, redeemable by the demo shoppers. */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog, seedKeysAndCodes, seedCoupons] });
beforeAll(async () => {
}, 180_000);

describe('seedPointsAndGifts', () => {
  it('writes 7 redeems (game keys and coupons), 3 gift packs and 2 coupon areas a site, and gives the demo shoppers points', { timeout: 60_000 }, async () => {
    expect(await seedPointsAndGifts(t.deps)).toEqual({ point_redeems: 14, gift_packs: 6, coupon_areas: 4 });
    const api = clients(t);
    for (const site of [api.native, api.abroad]) {
      const shop = (await site.get('/api/point_redeems')).json().point_redeems;
      expect(shop.filter((r: { type: string }) => r.type === 'sku')).toHaveLength(4);
      expect(shop.filter((r: { type: string }) => r.type === 'coupon')).toHaveLength(3);
      const packs = (await site.get('/api/event_gift_packs')).json().event_gift_packs;
      expect(packs.map((p: { weight: number }) => p.weight)).toEqual([20, 10, 5]);
      expect(packs[0].sku_ids).toHaveLength(1);
      t.clock.advance(10);
      const home = (await site.get('/api/v7/home')).json();
      expect(home.coupon_areas).toHaveLength(2);
      expect(home.point_redeems.length).toBeGreaterThan(0);
    }
    const [row] = await t.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'demo@lantern.test'));
    const demo = (await startSession(t.deps, t.deps.db, row!.id, 'native')).accessToken;
    // Shop and pack coupons are not on the claim page: only the site's own claimable coupons are.
    const claimable = (await api.native.get('/api/account_coupons', { token: demo, query: { per: '100' } })).json().coupons;
    expect(claimable.some((c: { title: { en: string } }) => /points coupon|pack/i.test(c.title.en))).toBe(false);
    const mine = (await api.native.get('/api/point_redeems', { token: demo })).json();
    expect(mine.score).toBe(6_000);
    const coupon = mine.point_redeems.find((r: { type: string }) => r.type === 'coupon');
    const res = await api.native.post(`/api/point_redeems/${coupon.id}/redeem`, undefined, { token: demo });
    expect(res.statusCode, res.body).toBe(201);
    const game = mine.point_redeems.find((r: { type: string; points: number }) => r.type === 'sku' && r.points <= 5_000);
    if (game) expect((await api.native.post(`/api/point_redeems/${game.id}/redeem`, undefined, { token: demo })).statusCode).toBe(201);
  });
});
