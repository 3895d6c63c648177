import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { RangeGeoIp } from '../../src/platform/geoip.ts';
import { AppError } from '../../src/platform/errors.ts';
import { accounts, detailedAddresses } from '../../src/modules/accounts/tables.ts';
import { setPeripheralStock } from '../../src/modules/shop/index.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { createOrder, createOrdersTogether, type OrderOfManyOutcome } from '../../src/modules/orders/index.ts';
import type { CheckoutBuyer } from '../../src/modules/orders/checkout/context.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The checkout of many buyers (a flash sale's group, docs/decisions/0021-group-checkout.md) answers each
 * buyer exactly what a checkout of their own would, and writes only the orders that passed.
 */
const { t } = useTestApp();
beforeAll(async () => {
  t.deps.geoip = new RangeGeoIp('203.0.113.0/24=us');
});

const LOOPBACK = '127.0.0.1';
const buyerOf = (id: number, ip = LOOPBACK): CheckoutBuyer => ({ accountId: id, area: 'native', region: 'cn', ip });
const oneClick = (skuId: number) => ({ sku_ids: [skuId], cate: 'game' as const, type: 'one_click' as const });
const errorsOf = (outcome: OrderOfManyOutcome | undefined) => (outcome && 'refused' in outcome ? { status: outcome.refused.status, errors: outcome.refused.errors } : null);
const ordersOf = async (ids: number[]) => t.deps.db.select().from(orders).where(inArray(orders.accountId, ids));

describe('a checkout of many buyers', () => {
  it('refuses a barred account, an owner, a held copy and a blocked market each as alone, and writes only the rest', async () => {
    const sku = await makeSku(t);
    const [barred, owner, holder, abroad, fine] = await Promise.all([1, 2, 3, 4, 5].map(() => makeAccount(t)));
    await t.deps.db.update(accounts).set({ purchaseBannedAt: t.clock.now() }).where(eq(accounts.id, barred!.id));
    const owned = await createOrder(t.deps, buyerOf(owner!.id), oneClick(sku.id));
    await t.deps.db.update(orders).set({ state: 'completed' }).where(eq(orders.id, owned.id));
    await createOrder(t.deps, buyerOf(holder!.id), oneClick(sku.id));
    const before = (await ordersOf([owner!.id, holder!.id])).length;

    const outcomes = await createOrdersTogether(t.deps, [barred!, owner!, holder!, abroad!, fine!].map((a) => ({
      buyer: buyerOf(a.id, a === abroad ? '203.0.113.9' : LOOPBACK),
    })), oneClick(sku.id));

    expect(outcomes.map(errorsOf)).toEqual([
      { status: 403, errors: { account: ['purchase_ban'] } },
      { status: 422, errors: { sku: ['owned'] } },
      { status: 422, errors: { sku: ['locked'] } },
      { status: 403, errors: { ip: ['purchase_blocked'] } },
      null,
    ]);
    const placed = outcomes[4]!;
    expect('order' in placed && placed.order.accountId).toBe(fine!.id);
    expect('order' in placed && placed.lines.map((l) => l.skuId)).toEqual([sku.id]);
    expect(await ordersOf([barred!.id, abroad!.id])).toHaveLength(0);
    expect(await ordersOf([owner!.id, holder!.id])).toHaveLength(before);
    // The same refusals a checkout of one answers.
    for (const [account, status] of [[barred!, 403], [owner!, 422], [holder!, 422]] as const) {
      const alone = await createOrder(t.deps, buyerOf(account.id), oneClick(sku.id)).catch((error: AppError) => error);
      expect(alone).toBeInstanceOf(AppError);
      expect((alone as AppError).status).toBe(status);
    }
  });

  it('refuses every buyer when the SKU is off sale, and writes nothing', async () => {
    const sku = await makeSku(t, { status: 'unpublished' });
    const buyers = await Promise.all([1, 2].map(() => makeAccount(t)));
    const outcomes = await createOrdersTogether(t.deps, buyers.map((b) => ({ buyer: buyerOf(b.id) })), oneClick(sku.id));
    expect(outcomes.map(errorsOf)).toEqual([{ status: 422, errors: { sku: ['status_invalid'] } }, { status: 422, errors: { sku: ['status_invalid'] } }]);
    expect(await ordersOf(buyers.map((b) => b.id))).toHaveLength(0);
  });

  it('answers the module\'s refusals, from what it read of each buyer in the rules\' statement, and places the others', async () => {
    const sku = await makeSku(t);
    const [kept, refused] = await Promise.all([makeAccount(t), makeAccount(t)]);
    const outcomes = await createOrdersTogether(t.deps, [kept, refused].map((b) => ({ buyer: buyerOf(b.id) })), oneClick(sku.id), {
      readFor: (account) => sql`(${account} = ${refused.id})`,
      refuse: async (_tx, read) => new Map([...read].filter(([, isRefused]) => isRefused === true).map(([id]) => [id, new AppError(422, { sec_kill: ['exceed_limit'] })])),
    });
    expect(outcomes.map(errorsOf)).toEqual([null, { status: 422, errors: { sec_kill: ['exceed_limit'] } }]);
    expect((await ordersOf([kept.id, refused.id])).map((o) => o.accountId)).toEqual([kept.id]);
  });

  it('when one order may not stand after the write, undoes only that one: the others are placed one by one', async () => {
    const sku = await makeSku(t);
    const buyers = await Promise.all([1, 2, 3].map(() => makeAccount(t)));
    const unlucky = buyers[1]!.id;
    let groups = 0;
    const outcomes = await createOrdersTogether(t.deps, buyers.map((b) => ({ buyer: buyerOf(b.id) })), oneClick(sku.id), {
      writeWith: {
        sql: (placed) => {
          groups += 1;
          return sql`select account_id from ${placed} where account_id <> ${unlucky}`;
        },
        refusal: () => new AppError(422, { sec_kill: ['no_inventory'] }),
      },
    });
    expect(outcomes.map(errorsOf)).toEqual([null, { status: 422, errors: { sec_kill: ['no_inventory'] } }, null]);
    expect(groups).toBe(4);
    expect((await ordersOf(buyers.map((b) => b.id))).map((o) => o.accountId).sort()).toEqual([buyers[0]!.id, buyers[2]!.id].sort());
  });

  it('ships each physical order to its own buyer\'s address, refuses one without, and takes the stock once each', async () => {
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 19900 });
    await setPeripheralStock(t.deps.db, gadget.id, 1, t.clock.now());
    const [north, south, homeless, late] = await Promise.all([1, 2, 3, 4].map(() => makeAccount(t)));
    const addressOf = async (accountId: number, address: string) => (await t.deps.db.insert(detailedAddresses).values({
      accountId, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address,
    }).returning())[0]!.id;
    const physical = { sku_ids: [gadget.id], cate: 'physical' as const, type: 'one_click' as const };

    const outcomes = await createOrdersTogether(t.deps, [
      { buyer: buyerOf(north!.id), address_id: await addressOf(north!.id, '北街 "1" 号') },
      { buyer: buyerOf(homeless!.id) },
    ], physical);
    expect(outcomes.map(errorsOf)).toEqual([null, { status: 422, errors: { address_id: ['blank'] } }]);
    expect('order' in outcomes[0]! && outcomes[0].order.address?.address).toBe('北街 "1" 号');

    // One unit left for two buyers: the group is undone and placed one by one, and only the first gets it.
    await setPeripheralStock(t.deps.db, gadget.id, 1, t.clock.now());
    const rush = await createOrdersTogether(t.deps, [
      { buyer: buyerOf(south!.id), address_id: await addressOf(south!.id, '南街 2 号') },
      { buyer: buyerOf(late!.id), address_id: await addressOf(late!.id, '西街 3 号') },
    ], physical);
    expect(rush.map(errorsOf)).toEqual([null, { status: 422, errors: { sku: ['no_inventory'] } }]);
    expect('order' in rush[0]! && rush[0].order.address?.address).toBe('南街 2 号');
    expect((await ordersOf([south!.id, late!.id])).map((o) => o.accountId)).toEqual([south!.id]);
  });

  it('takes each account once', async () => {
    const sku = await makeSku(t);
    const buyer = await makeAccount(t);
    await expect(createOrdersTogether(t.deps, [{ buyer: buyerOf(buyer.id) }, { buyer: buyerOf(buyer.id) }], oneClick(sku.id))).rejects.toThrow(/each account once/);
  });
});

describe('checkouts of many buyers at once', () => {
  it('sharing buyers in opposite orders, never deadlock and give each account one order of the game', async () => {
    const sku = await makeSku(t);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
    const forward = buyers.map((b) => ({ buyer: buyerOf(b.id) }));
    const groups = [forward, [...forward].reverse(), forward.slice(3), [...forward.slice(0, 8)].reverse()];
    const answered = await Promise.all(groups.map((group) => createOrdersTogether(t.deps, group, oneClick(sku.id))));
    const placed = answered.flat().filter((o) => 'order' in o);
    const refusals = answered.flat().map(errorsOf).filter((e) => e !== null);
    expect(placed).toHaveLength(buyers.length);
    expect(new Set(refusals.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify({ status: 422, errors: { sku: ['locked'] } })]));
    const written = await ordersOf(buyers.map((b) => b.id));
    expect(written).toHaveLength(buyers.length);
    expect(new Set(written.map((o) => o.accountId)).size).toBe(buyers.length);
  });
});
