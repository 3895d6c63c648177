import { and, count, desc, eq, sql } from 'drizzle-orm';
import { CPS_ATTRIBUTION_WINDOW_SECONDS, SITES, commissionPayableAt, distributionLink, effectiveSalePrice, commissionCents, scaleOf, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries } from '../accounts/index.ts';
import { keepViewable, loadViewableSkuRows } from '../catalog/index.ts';
import { distributionCodeOf, sharerOfCode } from './codes.ts';
import { ratesOf } from './rates.ts';
import { distributionOrders } from './tables.ts';

const ATTRIBUTION_DAYS = CPS_ATTRIBUTION_WINDOW_SECONDS / 86_400;

/**
 * The sharer's attributed orders on a site, by state: how many, and the commission pending (its order not yet
 * paid), earned (paid, held until payable: the page's "payable") and paid (credited to the wallet).
 */
async function summaryOf(deps: Deps, sharerId: number, area: Area) {
  const rows = await deps.db.select({ state: distributionOrders.state, n: count(), commission: sql<number>`coalesce(sum(${distributionOrders.commission}), 0)::int` })
    .from(distributionOrders).where(and(eq(distributionOrders.sharerId, sharerId), eq(distributionOrders.area, area))).groupBy(distributionOrders.state);
  const of = (state: string) => rows.find((r) => r.state === state);
  return {
    ordersCount: rows.reduce((sum, r) => sum + r.n, 0),
    pendingCommission: Number(of('pending')?.commission ?? 0),
    earnedCommission: Number(of('earned')?.commission ?? 0),
    paidCommission: Number(of('paid')?.commission ?? 0),
    canceledCount: of('canceled')?.n ?? 0,
    currency: SITES[area].currency,
  };
}

/**
 * GET /cps/searchInviteCode. Without `inviteCode`: the caller's own code (made the first time), its link and its
 * summary on this site (signed in, else 401). With it: whose code it is, for the page a link lands on (anyone);
 * an unknown code is 404 `inviteCode: not_found`.
 */
export async function searchInviteCode(deps: Deps, viewerId: number | null, area: Area, inviteCode: string | undefined) {
  const origin = deps.config.siteUrls[area];
  if (inviteCode === undefined) {
    if (viewerId === null) throw fail.unauthorized();
    const code = await distributionCodeOf(deps.db, viewerId, deps.clock.now());
    const me = (await accountSummaries(deps.db, [viewerId])).get(viewerId);
    return {
      inviteCode: code, inviteLink: distributionLink(origin, code), sharer: { nickname: me?.nickname ?? '', avatarUrl: me?.avatar_url ?? null },
      own: true, attributionDays: ATTRIBUTION_DAYS, summary: await summaryOf(deps, viewerId, area),
    };
  }
  const found = await sharerOfCode(deps.db, inviteCode);
  const sharer = found === null ? undefined : (await accountSummaries(deps.db, [found.sharerId])).get(found.sharerId);
  if (!found || !sharer) throw fail.notFound('inviteCode');
  const own = found.sharerId === viewerId;
  return {
    inviteCode: found.code, inviteLink: distributionLink(origin, found.code), sharer: { nickname: sharer.nickname, avatarUrl: sharer.avatar_url },
    own, attributionDays: ATTRIBUTION_DAYS, summary: own ? await summaryOf(deps, found.sharerId, area) : null,
  };
}

/**
 * GET /cpsgear/searchScaleBySku: a SKU of this site (404 `skuId: not_found` otherwise) with its rate, today's price,
 * what one unit at that price earns, and the caller's link to its page.
 */
export async function scaleBySku(deps: Deps, viewer: { accountId: number; area: Area; region: string }, skuId: number) {
  const [row] = keepViewable(await loadViewableSkuRows(deps.db, [skuId], viewer.area), viewer.area, viewer.region);
  if (!row) throw fail.notFound('skuId');
  const rateBp = (await ratesOf(deps.db, [skuId])).get(skuId) ?? 0;
  const price = effectiveSalePrice({ sale_price: row.sku.salePrice, list_price: row.sku.listPrice });
  const code = await distributionCodeOf(deps.db, viewer.accountId, deps.clock.now());
  return {
    skuId, scale: scaleOf(rateBp), scaleBp: rateBp, price, commission: commissionCents(price, rateBp), currency: SITES[viewer.area].currency,
    inviteCode: code, shareLink: distributionLink(deps.config.siteUrls[viewer.area], code, skuId),
  };
}

export const DISTRIBUTION_ORDERS_PER_PAGE = 10;

/** GET /api/me/distribution_orders: the orders attributed to the account's code on this site, newest first. */
export async function attributedOrders(deps: Deps, sharerId: number, area: Area, page: number) {
  const where = and(eq(distributionOrders.sharerId, sharerId), eq(distributionOrders.area, area));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(distributionOrders).where(where).orderBy(desc(distributionOrders.orderId)).limit(DISTRIBUTION_ORDERS_PER_PAGE).offset((page - 1) * DISTRIBUTION_ORDERS_PER_PAGE),
    deps.db.select({ n: count() }).from(distributionOrders).where(where),
  ]);
  return {
    distribution_orders: rows.map((r) => ({
      order_id: r.orderId, amount: r.amount, commission: r.commission, currency: r.currency, state: r.state, lines: r.lines,
      created_at_timestamp: toTimestamp(r.createdAt), settled_at_timestamp: toTimestamp(r.settledAt),
      // When the hold ends (a physical order is also held until it ships): shown while earned.
      payable_at_timestamp: r.state === 'earned' && r.settledAt ? commissionPayableAt(toTimestamp(r.settledAt)) : null,
      paid_at_timestamp: toTimestamp(r.paidAt),
    })),
    meta: { total_count: total?.n ?? 0, page, per: DISTRIBUTION_ORDERS_PER_PAGE },
  };
}
