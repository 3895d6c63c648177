import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Area } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { HOSTS } from './harness.ts';
import type { clients } from './client.ts';
import { makeAccount, makeSku, type SkuOptions } from './catalog-factories.ts';
import { makeCoupon } from './commerce-factories.ts';
import { accounts, wallets } from '../../src/modules/accounts/tables.ts';
import { creditWallet } from '../../src/modules/accounts/wallet.ts';
import { skus } from '../../src/modules/catalog/tables.ts';
import { paymentNotifications, payments } from '../../src/modules/payments/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';

type Api = ReturnType<typeof clients>;

/** The sandbox gateway of a test app (every test app has one: tests run outside production). */
export const sandboxOf = (t: TestApp) => t.deps.paymentGateways.sandbox!;

export interface BuyOptions {
  area?: Area;
  sku?: SkuOptions;
  /** Points prices and flags written onto the SKU after it is made. */
  points?: Partial<Pick<typeof skus.$inferInsert, 'canPointsPay' | 'listPoints' | 'salePoints' | 'supportCashPay'>>;
  /** Claim a 10.00-off coupon and use it on the order. */
  coupon?: boolean;
  buyer?: { id: number; token: string };
}

/**
 * A buyer with a pending one-click order for one new game SKU (9800 minor units unless told), made through
 * the API as the web would. Answers the buyer, the SKU, the order as answered and the coupon held.
 */
export async function buyGame(t: TestApp, api: Api, options: BuyOptions = {}) {
  const area = options.area ?? 'native';
  const buyer = options.buyer ?? (await makeAccount(t, { area }));
  const sku = await makeSku(t, { area, ...options.sku });
  if (options.points) await t.deps.db.update(skus).set(options.points).where(eq(skus.id, sku.id));
  let held: number | undefined;
  if (options.coupon) {
    const claim = await api[area].patch(`/api/account_coupons/${(await makeCoupon(t, { area })).id}`, {}, { token: buyer.token });
    expect(claim.statusCode).toBe(200);
    held = claim.json().id as number;
  }
  const created = await api[area].post('/api/orders', {
    order: { sku_ids: [sku.id], cate: 'game', type: 'one_click', ...(held !== undefined && { coupon_ids: [held] }) },
  }, { token: buyer.token });
  expect(created.statusCode, created.body).toBe(201);
  return { buyer, sku, order: created.json() as { id: number; version: number; total_amount: number; currency: 'CNY' | 'USD' }, held };
}

export function fundWallet(t: TestApp, accountId: number, currency: 'CNY' | 'USD', amount: number) {
  return t.deps.db.transaction((tx) => creditWallet(tx, { accountId, currency, amount, reason: 'top_up', now: t.clock.now() }));
}

export async function walletBalance(t: TestApp, accountId: number, currency: 'CNY' | 'USD' = 'CNY') {
  const [row] = await t.deps.db.select().from(wallets).where(and(eq(wallets.accountId, accountId), eq(wallets.currency, currency)));
  return row?.balance ?? 0;
}

export async function setScore(t: TestApp, accountId: number, score: number) {
  await t.deps.db.update(accounts).set({ score }).where(eq(accounts.id, accountId));
}

export async function scoreOf(t: TestApp, accountId: number) {
  const [row] = await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, accountId));
  return row!.score;
}

export async function paymentRow(t: TestApp, id: number) {
  const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** Starts a gateway payment through the pay call; answers the redirect and the attempt's out_trade_no. */
export async function startGatewayPay(api: Api, area: Area, token: string, order: { id: number; version: number }, method = area === 'native' ? 'alipay' : 'paypal') {
  const res = await api[area].patch(`/api/orders/${order.id}/pay`, { payment_method: method, payment_from: 'web', version: order.version }, { token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { payment_id: number; url: string; method: 'POST' | 'GET'; data: Record<string, string> };
  return { ...body, outTradeNo: body.data.out_trade_no! };
}

/** A notification as the sandbox gateway would sign it; fields override the defaults (a fresh notify id, paid). */
export function signedNotification(t: TestApp, fields: { out_trade_no: string; amount: number | string; currency: string } & Record<string, string | number>): Record<string, string> {
  const unsigned: Record<string, string> = {
    notify_id: `n${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
    gateway_trade_no: `SBX-${fields.out_trade_no}`,
    status: 'paid',
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
  };
  return { ...unsigned, sign: sandboxOf(t).sign(unsigned) };
}

/** Posts a notification to the notify endpoint as a gateway would: a form by default, or JSON. */
export function notify(t: TestApp, fields: Record<string, string>, options: { json?: boolean; gateway?: string; cookies?: Record<string, string>; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    ...(options.ip && { remoteAddress: options.ip }),
    ...(options.cookies && { cookies: options.cookies }),
    url: `/api/payments/notify/${options.gateway ?? 'sandbox'}`,
    headers: { host: HOSTS.native, 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' },
    payload: options.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

/** Posts a form to a sandbox page as the buyer's browser would. */
export function postForm(t: TestApp, area: Area, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host: HOSTS[area], 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The items in a random order (Fisher–Yates): notifications arrive in whatever order the gateway sends them. */
export function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** An order's row as stored. */
export async function orderRowOf(t: TestApp, id: number) {
  return (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

/** Every notification stored for a trade number, verified or not. */
export function notificationsOf(t: TestApp, outTradeNo: string) {
  return t.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.outTradeNo, outTradeNo));
}
