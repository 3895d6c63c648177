import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { DEMO_KEYS_PER_SKU, DEMO_REDEEM_CODES, seedKeysAndCodes } from '../../src/seed/keys.ts';
import { gameKeys, keyBatches, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';
import { redeemCodes } from '../../src/modules/redeem/tables.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo seed's keys, codes and library (the catalogue's own seed test covers the rest). */

const { t, api } = useTestApp({ seed: [seedAccounts, seedCatalog] });
let result: Awaited<ReturnType<typeof seedKeysAndCodes>>;
beforeAll(async () => {
  result = await seedKeysAndCodes(t.deps);
}, 180_000);

describe('the demo key pools', () => {
  it('give most keyed SKUs a pool of 20 platform-shaped keys, a few an empty pool or the supplier', async () => {
    expect(result.keys).toBeGreaterThan(3000);
    expect(result.emptyPools).toBeGreaterThan(3);
    expect(result.supplierSkus).toBeGreaterThan(3);
    const perSku = await t.deps.db.select({ skuId: gameKeys.skuId, n: count() }).from(gameKeys).groupBy(gameKeys.skuId);
    expect(perSku.every((r) => r.n === DEMO_KEYS_PER_SKU)).toBe(true);
    const steam = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.keyType, 'steam')).limit(5);
    for (const key of steam) expect(t.deps.secrets.decrypt(key.codeEnc)).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await t.deps.db.select().from(keyBatches).where(eq(keyBatches.source, 'genba'))).toHaveLength(result.supplierSkus);
  });

  it('give the demo players a library with playtime, a delivered key and a line waiting for stock', async () => {
    const [demo] = await t.deps.db.select().from(accounts).where(eq(accounts.email, 'demo@lantern.test'));
    const games = await t.deps.db.select().from(libraryGames).where(eq(libraryGames.accountId, demo!.id));
    expect(games.length).toBeGreaterThanOrEqual(3);
    expect(games.filter((g) => g.playtimeSeconds > 0)).toHaveLength(3);
    const states = await t.deps.db.select({ state: keyDeliveries.state }).from(keyDeliveries).where(eq(keyDeliveries.accountId, demo!.id));
    expect(states.map((s) => s.state).sort()).toEqual(['delivered', 'delivered', 'delivered', 'ordering']);
    const owned = await t.deps.db.select({ n: count() }).from(redeemCodes).where(and(eq(redeemCodes.ownerAccountId, demo!.id), gt(redeemCodes.points, 0)));
    expect(owned[0]!.n).toBe(2);
  });

  it('make the redeem codes of docs/demo-data.md work on their site', async () => {
    const buyer = await makeAccount(t);
    for (const code of Object.values(DEMO_REDEEM_CODES.native)) {
      const res = await api.native.post('/api/redeem', { redeem: { code } }, { token: buyer.token });
      expect(res.statusCode, code).toBe(201);
    }
    const abroad = await makeAccount(t, { area: 'abroad' });
    expect((await api.abroad.post('/api/redeem', { redeem: { code: DEMO_REDEEM_CODES.abroad.game } }, { token: abroad.token })).statusCode).toBe(201);
    expect((await api.abroad.post('/api/redeem', { redeem: { code: DEMO_REDEEM_CODES.native.points } }, { token: abroad.token })).json().errors).toEqual({ code: ['used'] });
    const used = await t.deps.db.select({ n: count() }).from(redeemCodes).where(inArray(redeemCodes.state, ['used']));
    expect(used[0]!.n).toBe(4);
  });
});
