import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { days, makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder, makePendingOrder, payOrder, steamCodes, stockKeys } from '../support/keys-factories.ts';
import { gameKeys, keyBatches, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { orderGames } from '../../src/modules/orders/tables.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';
import type { SandboxGenbaSupplier } from '../../src/platform/genba-supplier.ts';
import { useTestApp } from '../support/test-app.ts';

const { t } = useTestApp();

const deliveriesOf = (orderIds: number[]) =>
  t.deps.db.select().from(keyDeliveries).where(inArray(keyDeliveries.orderId, orderIds)).orderBy(asc(keyDeliveries.createdAt), asc(keyDeliveries.orderGameId));

describe('key delivery when an order is paid', () => {
  it('gives each keyed line one key from the pool, oldest key first, and adds the game to the library', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(3));
    const [oldest] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id)).orderBy(asc(gameKeys.id)).limit(1);
    const orderId = await makePaidOrder(t, buyer.id, [sku]);
    const [delivery] = await deliveriesOf([orderId]);
    expect(delivery).toMatchObject({ state: 'delivered', source: 'pool', accountId: buyer.id, skuId: sku.id });
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.orderGameId, delivery!.orderGameId));
    expect(key).toMatchObject({ id: oldest!.id, state: 'assigned', accountId: buyer.id, activationStatus: 'init' });
    const library = await t.deps.db.select().from(libraryGames).where(eq(libraryGames.accountId, buyer.id));
    expect(library).toEqual([expect.objectContaining({ skuId: sku.id, productId: sku.productId, area: 'native', source: 'order', sourceId: delivery!.orderGameId, playtimeSeconds: 0 })]);
  });

  it('marks a line pre_ordered when the pool is empty and the game is not out yet, ordering when it is', async () => {
    const buyer = await makeAccount(t);
    const upcoming = await makeSku(t, { status: 'pre_sale', releasedAt: new Date(t.clock.now().getTime() + days(10)) });
    const released = await makeSku(t);
    const orderId = await makePaidOrder(t, buyer.id, [upcoming, released]);
    const rows = await deliveriesOf([orderId]);
    expect(rows.map((r) => [r.skuId, r.state, r.deliveredAt])).toEqual([[upcoming.id, 'pre_ordered', null], [released.id, 'ordering', null]]);
  });

  it('delivers a pre-order at once when its pool already holds keys', async () => {
    const buyer = await makeAccount(t);
    const upcoming = await makeSku(t, { status: 'pre_sale', releasedAt: new Date(t.clock.now().getTime() + days(10)) });
    await stockKeys(t, upcoming.id, steamCodes(1));
    const [row] = await deliveriesOf([await makePaidOrder(t, buyer.id, [upcoming])]);
    expect(row!.state).toBe('delivered');
  });

  it('gives virtual goods a code, and peripherals neither a key nor a library row', async () => {
    const buyer = await makeAccount(t);
    const goods = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' }, keyType: null });
    await stockKeys(t, goods.id, ['GIFT-0001'], 'other');
    const virtualOrder = await makePaidOrder(t, buyer.id, [goods], { cate: 'virtual' });
    expect((await deliveriesOf([virtualOrder]))[0]).toMatchObject({ state: 'delivered', skuId: goods.id });
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    const physicalOrder = await makePaidOrder(t, buyer.id, [mouse], { cate: 'physical' });
    expect(await deliveriesOf([physicalOrder])).toEqual([]);
    expect(await t.deps.db.select().from(libraryGames).where(eq(libraryGames.accountId, buyer.id))).toEqual([]);
  });

  it('does nothing twice: a second completion of the same order is already_completed', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(2));
    const orderId = await makePaidOrder(t, buyer.id, [sku]);
    expect((await payOrder(t, orderId)).outcome).toBe('already_completed');
    expect(await t.deps.db.select().from(gameKeys).where(and(eq(gameKeys.skuId, sku.id), eq(gameKeys.state, 'assigned')))).toHaveLength(1);
  });

  it('gives a key at most once: 30 orders paid at once over a pool of 10 → 10 delivered (distinct), 20 ordering; 20 more keys fill them oldest first', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(10));
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeAccount(t)));
    const orderIds: number[] = [];
    for (const buyer of buyers) {
      orderIds.push(await makePendingOrder(t, buyer.id, [sku]));
      t.clock.advance(1);
    }
    const outcomes = await Promise.all(orderIds.map((id) => payOrder(t, id)));
    expect(outcomes.every((o) => o.outcome === 'completed')).toBe(true);

    const keys = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    const assigned = keys.filter((k) => k.state === 'assigned');
    expect(assigned).toHaveLength(10);
    expect(new Set(assigned.map((k) => k.orderGameId)).size).toBe(10);
    expect(new Set(assigned.map((k) => k.accountId)).size).toBe(10);
    let rows = await deliveriesOf(orderIds);
    expect(rows.filter((r) => r.state === 'delivered')).toHaveLength(10);
    expect(rows.filter((r) => r.state === 'ordering')).toHaveLength(20);

    // The 20 waiting lines, oldest first; a first import of 5 keys serves the 5 oldest.
    const waiting = rows.filter((r) => r.state === 'ordering').map((r) => r.orderGameId);
    t.clock.advance(60);
    const first = await stockKeys(t, sku.id, steamCodes(5));
    expect(first).toMatchObject({ added: 5, skipped: 0, delivered: 5 });
    rows = await deliveriesOf(orderIds);
    const deliveredNow = rows.filter((r) => r.state === 'delivered' && r.deliveredAt?.getTime() === t.clock.now().getTime()).map((r) => r.orderGameId);
    expect(deliveredNow.sort((a, b) => a - b)).toEqual(waiting.slice(0, 5).sort((a, b) => a - b));

    const second = await stockKeys(t, sku.id, steamCodes(15));
    expect(second).toMatchObject({ added: 15, delivered: 15 });
    rows = await deliveriesOf(orderIds);
    expect(rows.every((r) => r.state === 'delivered')).toBe(true);
    const all = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    expect(all.filter((k) => k.state === 'assigned')).toHaveLength(30);
    expect(new Set(all.map((k) => k.orderGameId)).size).toBe(30);
    const lines = await t.deps.db.select().from(orderGames).where(inArray(orderGames.orderId, orderIds));
    expect(new Set(all.map((k) => k.orderGameId))).toEqual(new Set(lines.map((l) => l.id)));
  });

  it('never leaves a line waiting while keys sit in the pool, when imports and payments interleave', async () => {
    const sku = await makeSku(t);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
    const orderIds = await Promise.all(buyers.map((b) => makePendingOrder(t, b.id, [sku])));
    await Promise.all([
      ...orderIds.map((id) => payOrder(t, id)),
      stockKeys(t, sku.id, steamCodes(4)),
      stockKeys(t, sku.id, steamCodes(4)),
    ]);
    const rows = await deliveriesOf(orderIds);
    const available = await t.deps.db.select().from(gameKeys).where(and(eq(gameKeys.skuId, sku.id), eq(gameKeys.state, 'available')));
    expect(rows.filter((r) => r.state === 'delivered')).toHaveLength(8);
    expect(rows.filter((r) => r.state === 'ordering')).toHaveLength(4);
    expect(available).toEqual([]);
  });
});

describe('the genba supplier', () => {
  const enrol = (skuId: number) => t.deps.db.insert(keyBatches).values({ skuId, source: 'genba', added: 0, skipped: 0, note: 'enrolled', createdAt: t.clock.now() });

  it('sells a key for a supplier SKU whose pool is empty: delivered from a one-key genba batch', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { keyType: 'uplay' });
    await enrol(sku.id);
    const [row] = await deliveriesOf([await makePaidOrder(t, buyer.id, [sku])]);
    expect(row).toMatchObject({ state: 'delivered', source: 'genba', supplierError: null });
    const [key] = await t.deps.db.select({ key: gameKeys, source: keyBatches.source }).from(gameKeys).innerJoin(keyBatches, eq(keyBatches.id, gameKeys.batchId)).where(eq(gameKeys.orderGameId, row!.orderGameId));
    expect(key).toMatchObject({ source: 'genba', key: { keyType: 'uplay', state: 'assigned', accountId: buyer.id } });
    expect(t.deps.secrets.decrypt(key!.key.codeEnc)).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  });

  it('leaves the line ordering with factory_{reason} when the supplier refuses; keys imported later still fill it', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await enrol(sku.id);
    (t.deps.genba as SandboxGenbaSupplier).refuse(sku.id, 'out_of_stock');
    const orderId = await makePaidOrder(t, buyer.id, [sku]);
    expect((await deliveriesOf([orderId]))[0]).toMatchObject({ state: 'ordering', source: 'genba', supplierError: 'factory_out_of_stock' });
    await stockKeys(t, sku.id, steamCodes(1));
    expect((await deliveriesOf([orderId]))[0]).toMatchObject({ state: 'delivered', source: 'pool', supplierError: null });
  });

  it('ends a unit the supplier will never sell (region-locked, sandbox rule) as refused with factory_region_locked, with no retry due', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { region: 'cn' });
    await enrol(sku.id);
    const [row] = await deliveriesOf([await makePaidOrder(t, buyer.id, [sku])]);
    expect(row).toMatchObject({ state: 'refused', supplierError: 'factory_region_locked', supplierAttempts: 1, nextAttemptAt: null });
  });
});
