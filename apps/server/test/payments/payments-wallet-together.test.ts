import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet, orderRowOf, walletBalance } from '../support/payments-factories.ts';
import { steamCodes, stockKeys } from '../support/keys-factories.ts';
import { walletEntries, wallets } from '../../src/modules/accounts/tables.ts';
import { detailedAddresses } from '../../src/modules/accounts/tables.ts';
import { gameKeys, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';
import { payments } from '../../src/modules/payments/tables.ts';
import { shipments } from '../../src/modules/orders/tables.ts';
import { setPeripheralStock } from '../../src/modules/shop/index.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * PATCH /api/orders/{id}/pay from the wallet in a rush: buyers paying at the same moment pay together
 * (payments/wallet-pay.ts, decisions/0021 "Payments together"), and each is answered, charged and served
 * exactly as a payment of their own would be. On PostgreSQL the burst really runs in parallel on the pool.
 */
const { t, api } = useTestApp();

type Buyer = { id: number; token: string };
type Order = { id: number; version: number; total_amount: number };

async function orderOf(buyer: Buyer, skuId: number, extra: Record<string, unknown> = {}): Promise<Order> {
  const created = await api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click', ...extra } }, { token: buyer.token });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}
const pay = (buyer: Buyer, order: Pick<Order, 'id' | 'version'>) => api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token });

describe('a burst of wallet payments for one game', () => {
  it('completes every order, charges each wallet once with its ledger row, and gives each buyer a distinct key or a waiting line', async () => {
    const sku = await makeSku(t, { listPrice: 4900 });
    await stockKeys(t, sku.id, steamCodes(25));
    const buyers = await Promise.all(Array.from({ length: 40 }, () => makeAccount(t)));
    await Promise.all(buyers.map((b) => fundWallet(t, b.id, 'CNY', 10_000)));
    const placed = await Promise.all(buyers.map((b) => orderOf(b, sku.id)));

    const answers = await Promise.all(buyers.map((b, i) => pay(b, placed[i]!)));
    answers.forEach((answer, i) => {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'complete', order_id: placed[i]!.id });
    });
    const ids = placed.map((o) => o.id);
    for (const b of buyers) expect(await walletBalance(t, b.id)).toBe(10_000 - 4900);
    const ledger = await t.deps.db.select().from(walletEntries).where(inArray(walletEntries.orderId, ids));
    expect(ledger.map((e) => [e.orderId, e.delta, e.balanceAfter]).sort()).toEqual(ids.map((id) => [id, -4900, 5100]).sort());
    const paid = await t.deps.db.select().from(payments).where(inArray(payments.orderId, ids));
    expect(paid.map((p) => [p.orderId, p.state, p.method, p.amount]).sort()).toEqual(ids.map((id) => [id, 'succeeded', 'wallet', 4900]).sort());
    expect(new Set(answers.map((a) => a.json().payment_id))).toEqual(new Set(paid.map((p) => p.id)));
    for (const id of ids) expect((await orderRowOf(t, id)).state).toBe('completed');

    const deliveries = await t.deps.db.select().from(keyDeliveries).where(inArray(keyDeliveries.orderId, ids));
    expect(deliveries.filter((d) => d.state === 'delivered')).toHaveLength(25);
    expect(deliveries.filter((d) => d.state === 'ordering')).toHaveLength(15);
    const keys = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id));
    const given = keys.filter((k) => k.state === 'assigned');
    expect(given).toHaveLength(25);
    expect(new Set(given.map((k) => k.accountId)).size).toBe(25);
    const owners = await t.deps.db.select().from(libraryGames).where(eq(libraryGames.skuId, sku.id));
    expect(owners.map((g) => g.accountId).sort((a, b) => a - b)).toEqual(buyers.map((b) => b.id).sort((a, b) => a - b));
  });

  it('answers each refusal as alone — short balance, frozen wallet, stale version, someone else\'s order — and charges only the rest', async () => {
    const sku = await makeSku(t, { listPrice: 5000 });
    const [short, frozen, stale, stranger, ...fine] = await Promise.all(Array.from({ length: 16 }, () => makeAccount(t)));
    await Promise.all([stale!, stranger!, ...fine].map((b) => fundWallet(t, b.id, 'CNY', 20_000)));
    await fundWallet(t, short!.id, 'CNY', 4999);
    await fundWallet(t, frozen!.id, 'CNY', 20_000);
    await t.deps.db.update(wallets).set({ status: 'frozen' }).where(eq(wallets.accountId, frozen!.id));
    // The stranger pays fine[0]'s order; the other fine buyers order and pay within the burst.
    const [shortOrder, frozenOrder, staleOrder, victimOrder] = await Promise.all([short!, frozen!, stale!, fine[0]!].map((b) => orderOf(b, sku.id)));

    const [a, b, c, d, ...rest] = await Promise.all([
      pay(short!, shortOrder!), pay(frozen!, frozenOrder!), pay(stale!, { id: staleOrder!.id, version: staleOrder!.version + 5 }), pay(stranger!, victimOrder!),
      ...fine.slice(1).map((buyer) => orderOf(buyer, sku.id).then((order) => pay(buyer, order))),
    ]);
    expect([a!.statusCode, a!.json()]).toEqual([422, { errors: { payment_method: ['insufficient_balance'] } }]);
    expect([b!.statusCode, b!.json()]).toEqual([422, { errors: { payment_method: ['wallet_frozen'] } }]);
    expect([c!.statusCode, c!.json()]).toEqual([409, { errors: { version: ['stale'] } }]);
    expect([d!.statusCode, d!.json()]).toEqual([404, { errors: { base: ['unusual'] } }]);
    for (const answer of rest) expect([answer.statusCode, answer.json().status]).toEqual([200, 'complete']);
    expect(await walletBalance(t, short!.id)).toBe(4999);
    expect(await walletBalance(t, frozen!.id)).toBe(20_000);
    expect(await walletBalance(t, stale!.id)).toBe(20_000);
    expect(await walletBalance(t, stranger!.id)).toBe(20_000);
    for (const order of [shortOrder!, frozenOrder!, staleOrder!, victimOrder!]) expect((await orderRowOf(t, order.id)).state).toBe('pending');
    for (const buyer of fine.slice(1)) expect(await walletBalance(t, buyer.id)).toBe(15_000);
    expect(await walletBalance(t, fine[0]!.id)).toBe(20_000);
  });
});

describe('a burst of wallet payments for different things', () => {
  it('delivers each game from its own pool and gives each physical order its own shipment', async () => {
    const [first, second] = await Promise.all([makeSku(t, { listPrice: 3000 }), makeSku(t, { listPrice: 4000 })]);
    await stockKeys(t, first.id, steamCodes(10));
    await stockKeys(t, second.id, steamCodes(10));
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 19900 });
    await setPeripheralStock(t.deps.db, gadget.id, 10, t.clock.now());
    const buyers = await Promise.all(Array.from({ length: 18 }, () => makeAccount(t)));
    await Promise.all(buyers.map((b) => fundWallet(t, b.id, 'CNY', 50_000)));
    const orders = await Promise.all(buyers.map(async (b, i) => {
      if (i % 3 === 0) return orderOf(b, first.id);
      if (i % 3 === 1) return orderOf(b, second.id);
      const [address] = await t.deps.db.insert(detailedAddresses).values({
        accountId: b.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: `长街 ${i} 号`,
      }).returning();
      return orderOf(b, gadget.id, { cate: 'physical', address_id: address!.id });
    }));

    const answers = await Promise.all(buyers.map((b, i) => pay(b, orders[i]!)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(18).fill(200));
    const delivered = await t.deps.db.select().from(keyDeliveries).where(inArray(keyDeliveries.orderId, orders.map((o) => o.id)));
    expect(delivered.filter((d) => d.skuId === first.id && d.state === 'delivered')).toHaveLength(6);
    expect(delivered.filter((d) => d.skuId === second.id && d.state === 'delivered')).toHaveLength(6);
    const physical = orders.filter((_, i) => i % 3 === 2).map((o) => o.id);
    const shipped = await t.deps.db.select().from(shipments).where(inArray(shipments.orderId, orders.map((o) => o.id)));
    expect(shipped.map((s) => [s.orderId, s.state]).sort()).toEqual(physical.map((id) => [id, 'preparing']).sort());
    buyers.forEach((b, i) => expect(answers[i]!.json().order_id).toBe(orders[i]!.id));
  });
});
