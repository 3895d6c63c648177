import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { useTestApp } from '../support/test-app.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { makePaidOrder, makePendingOrder, steamCodes, stockKeys } from '../support/keys-factories.ts';
import { mulberry32 } from '../../src/platform/mulberry32.ts';
import { accounts, detailedAddresses, walletEntries, wallets } from '../../src/modules/accounts/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { keyDeliveries } from '../../src/modules/keys/tables.ts';
import { orderGames, orders } from '../../src/modules/orders/tables.ts';
import { payments } from '../../src/modules/payments/tables.ts';
import { peripheralStock } from '../../src/modules/shop/tables.ts';
import { setPeripheralStock } from '../../src/modules/shop/index.ts';

/**
 * Placing an order and paying it from the wallet are each described once (docs/decisions/0021-group-checkout.md,
 * "One description per hot write") and run for one buyer or for a group of buyers at the same moment. Property:
 * for seeded random mixes of buyers, every buyer is answered what its case expects, and running the mix one
 * buyer at a time or all at once (the group lanes) gives every buyer the same answers and leaves the same rows.
 * A failing seed is printed with the mix, so it can be replayed.
 */
const { t, api } = useTestApp();

const CASES = ['fine', 'short', 'frozen', 'owner', 'dlc', 'stale', 'others', 'sold_out', 'coupon', 'banned'] as const;
type Case = (typeof CASES)[number];
const PRICE = 4900;

/** What each case is answered: the order's status (and reasons), then the payment's (none when nothing to pay). */
const EXPECTED: Record<Case, { create: [number, unknown?]; pay?: [number, unknown?] }> = {
  fine: { create: [201], pay: [200] },
  short: { create: [201], pay: [422, { payment_method: ['insufficient_balance'] }] },
  frozen: { create: [201], pay: [422, { payment_method: ['wallet_frozen'] }] },
  owner: { create: [422, { sku: ['owned'] }] },
  dlc: { create: [422, { sku: ['has_no_base'] }] },
  stale: { create: [201], pay: [409, { version: ['stale'] }] },
  others: { create: [201], pay: [404, { base: ['unusual'] }] },
  sold_out: { create: [422, { sku: ['no_inventory'] }] },
  coupon: { create: [201], pay: [200] },
  banned: { create: [403, { account: ['purchase_ban'] }] },
};

/** A seeded mix of cases: the same seed, the same mix. */
function mixOf(seed: number, size: number): Case[] {
  const random = mulberry32(seed);
  return Array.from({ length: size }, () => CASES[Math.floor(random() * CASES.length)]!);
}

interface Buyer {
  case: Case;
  id: number;
  token: string;
  order: Record<string, unknown>;
  payOrderId?: number;
}

/** A store of its own for one run: a game with keys, its DLC, a sold-out peripheral, and the mix's buyers set up. */
async function storeFor(mix: readonly Case[]) {
  const game = await makeSku(t, { listPrice: PRICE });
  await stockKeys(t, game.id, steamCodes(mix.length));
  const dlc = await makeSku(t, { listPrice: 1900, product: { kind: 'dlc', baseProductId: game.productId } });
  const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 19900 });
  await setPeripheralStock(t.deps.db, gadget.id, 0, t.clock.now());
  const stranger = await makeAccount(t);
  const strangersOrder = await makePendingOrder(t, stranger.id, [game]);
  const coupon = await makeCoupon(t, { value: 1000 });
  const oneClick = (skuId: number, extra: Record<string, unknown> = {}) => ({ sku_ids: [skuId], cate: 'game', type: 'one_click', ...extra });
  const buyers: Buyer[] = [];
  for (const kind of mix) {
    const account = await makeAccount(t);
    await fundWallet(t, account.id, 'CNY', kind === 'short' ? 100 : 10_000);
    const buyer: Buyer = { case: kind, ...account, order: oneClick(game.id) };
    if (kind === 'frozen') await t.deps.db.update(wallets).set({ status: 'frozen' }).where(eq(wallets.accountId, account.id));
    if (kind === 'owner') await makePaidOrder(t, account.id, [game]);
    if (kind === 'dlc') buyer.order = oneClick(dlc.id);
    if (kind === 'others') buyer.payOrderId = strangersOrder;
    if (kind === 'banned') await t.deps.db.update(accounts).set({ purchaseBannedAt: t.clock.now() }).where(eq(accounts.id, account.id));
    if (kind === 'sold_out') {
      const [address] = await t.deps.db.insert(detailedAddresses).values({
        accountId: account.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: '北街 1 号',
      }).returning();
      buyer.order = { sku_ids: [gadget.id], cate: 'physical', type: 'one_click', address_id: address!.id };
    }
    if (kind === 'coupon') {
      const [held] = await t.deps.db.insert(accountCoupons).values({ accountId: account.id, couponId: coupon.id, area: 'native' }).returning();
      buyer.order = oneClick(game.id, { coupon_ids: [held!.id] });
    }
    buyers.push(buyer);
  }
  return { buyers, gadget };
}

type Reply = { statusCode: number; json(): Record<string, unknown> };
const answerOf = (res: Reply) => (res.statusCode < 300 ? [res.statusCode] : [res.statusCode, res.json().errors]);

async function create(buyer: Buyer) {
  return api.native.post('/api/orders', { order: buyer.order }, { token: buyer.token }) as Promise<Reply>;
}

async function pay(buyer: Buyer, created: Reply) {
  if (created.statusCode !== 201) return null;
  const order = created.json() as { id: number; version: number };
  const version = buyer.case === 'stale' ? order.version + 1 : order.version;
  return api.native.patch(`/api/orders/${buyer.payOrderId ?? order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version }, { token: buyer.token }) as Promise<Reply>;
}

/** The mix run one buyer at a time: each orders, then pays, before the next begins. */
async function oneByOne(buyers: readonly Buyer[]) {
  const answers = [];
  for (const buyer of buyers) {
    const created = await create(buyer);
    const paid = await pay(buyer, created);
    answers.push({ create: answerOf(created), pay: paid && answerOf(paid) });
  }
  return answers;
}

/** The mix run all at once: every order at the same moment (the group lanes gather them), then every payment. */
async function together(buyers: readonly Buyer[]) {
  const created = await Promise.all(buyers.map(create));
  const paid = await Promise.all(buyers.map((b, i) => pay(b, created[i]!)));
  return buyers.map((_, i) => ({ create: answerOf(created[i]!), pay: paid[i] && answerOf(paid[i]!) }));
}

/** Every row the two writes touch, per buyer, without ids or times (the two stores are distinct). */
async function rowsOf(buyers: readonly Buyer[], gadgetId: number) {
  const db = t.deps.db;
  const ids = buyers.map((b) => b.id);
  const [orderRows, lineRows, walletRows, ledgerRows, paymentRows, deliveryRows, couponRows] = [
    await db.select().from(orders).where(inArray(orders.accountId, ids)).orderBy(asc(orders.id)),
    await db.select().from(orderGames).where(inArray(orderGames.accountId, ids)).orderBy(asc(orderGames.id)),
    await db.select().from(wallets).where(inArray(wallets.accountId, ids)),
    await db.select().from(walletEntries).where(inArray(walletEntries.accountId, ids)).orderBy(asc(walletEntries.id)),
    await db.select().from(payments).where(inArray(payments.accountId, ids)).orderBy(asc(payments.id)),
    await db.select().from(keyDeliveries).where(inArray(keyDeliveries.accountId, ids)).orderBy(asc(keyDeliveries.orderGameId), asc(keyDeliveries.unit)),
    await db.select().from(accountCoupons).where(inArray(accountCoupons.accountId, ids)),
  ];
  const [stock] = await db.select().from(peripheralStock).where(eq(peripheralStock.skuId, gadgetId));
  const perBuyer = buyers.map((b) => ({
    orders: orderRows.filter((o) => o.accountId === b.id).map((o) => [o.state, o.type, o.cate, o.listAmount, o.couponAmount, o.totalAmount, o.currency, o.version]),
    lines: lineRows.filter((l) => l.accountId === b.id).map((l) => [l.quantity, l.listPrice, l.salePrice, l.couponAmount, l.amount]),
    wallet: walletRows.filter((w) => w.accountId === b.id).map((w) => [w.currency, w.balance, w.status]),
    ledger: ledgerRows.filter((e) => e.accountId === b.id).map((e) => [e.delta, e.balanceAfter, e.reason]),
    payments: paymentRows.filter((p) => p.accountId === b.id).map((p) => [p.method, p.state, p.amount, p.currency]),
    keys: deliveryRows.filter((d) => d.accountId === b.id).map((d) => [d.state, d.source]),
    coupons: couponRows.filter((c) => c.accountId === b.id).map((c) => c.usedAt !== null),
  }));
  return { perBuyer, stockLeft: stock?.left ?? null };
}

describe('placing and paying, one buyer at a time or all at once', () => {
  for (const seed of [2801, 2802, 2803]) {
    it(`gives every buyer the same answer and leaves the same rows (seed ${seed})`, async () => {
      const mix = mixOf(seed, 10);
      const alone = await storeFor(mix);
      const group = await storeFor(mix);

      const aloneAnswers = await oneByOne(alone.buyers);
      const groupAnswers = await together(group.buyers);

      const expected = mix.map((kind) => ({ create: EXPECTED[kind].create, pay: EXPECTED[kind].pay ?? null }));
      expect(aloneAnswers, `seed ${seed}, mix ${mix.join(',')}`).toEqual(expected);
      expect(groupAnswers, `seed ${seed}, mix ${mix.join(',')}`).toEqual(expected);
      expect(await rowsOf(group.buyers, group.gadget.id), `seed ${seed}, mix ${mix.join(',')}`).toEqual(await rowsOf(alone.buyers, alone.gadget.id));
    });
  }
});
