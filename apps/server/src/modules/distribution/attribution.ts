import { and, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { CPS_ATTRIBUTION_WINDOW_SECONDS, attributionEndsAt, attributionOutcome, orderCommission, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries } from '../accounts/index.ts';
import type { FulfilmentStep, OrderPlacedStep, OrderReleaseStep, PaidOrderCancelStep } from '../orders/index.ts';
import { sharerOfCode } from './codes.ts';
import { ratesOf } from './rates.ts';
import { distributionAttributions, distributionOrders } from './tables.ts';

/**
 * POST /api/cps_visits: a signed-in visitor followed a link carrying a code on this site. Its orders here are
 * attributed to the code's sharer for the window, starting now; a later link replaces it (the last link wins).
 * Unknown code 404 `code: not_found`; one's own code 422 `code: own_code`, and nothing changes.
 */
export async function recordVisit(deps: Deps, visitorId: number, area: Area, raw: string) {
  const found = await sharerOfCode(deps.db, raw);
  const sharer = found === null ? undefined : (await accountSummaries(deps.db, [found.sharerId])).get(found.sharerId);
  if (!found || !sharer) throw fail.notFound('code');
  if (attributionOutcome(found.sharerId, visitorId) === 'self') throw fail.unprocessable('code', 'own_code');
  const now = deps.clock.now();
  await deps.db.insert(distributionAttributions).values({ accountId: visitorId, area, sharerId: found.sharerId, code: found.code, attributedAt: now })
    .onConflictDoUpdate({ target: [distributionAttributions.accountId, distributionAttributions.area], set: { sharerId: found.sharerId, code: found.code, attributedAt: now } });
  const at = toTimestamp(now);
  return { cps_visit: { sharer: { nickname: sharer.nickname, avatar_url: sharer.avatar_url }, attributed_at_timestamp: at, expires_at_timestamp: attributionEndsAt(at) } };
}

/**
 * Orders' placed-order step: an order placed while its buyer's attribution on the order's site is in force is
 * recorded with the code, the sharer and the commission of each line at the rate in force now. The order is the
 * row's key, so it is attributed once whatever runs at the same time. Whether the buyer has an attribution on the
 * site at all is read in the placing statement (`dueSql`, any age: the window is this step's to judge), so an
 * order without one costs no statement; one with one costs the read below.
 */
export const attributeOrderStep: OrderPlacedStep = {
  name: 'distribution attribution',
  // Read by the statement that places the order: a buyer who never followed someone else's link on this site costs nothing.
  dueSql: ({ accountId, area }) => sql`exists (select from ${distributionAttributions} where ${distributionAttributions.accountId} = ${accountId}
    and ${distributionAttributions.area} = ${area} and ${distributionAttributions.sharerId} <> ${accountId})`,
  async run(tx, order, lines, now) {
    const since = new Date(now.getTime() - CPS_ATTRIBUTION_WINDOW_SECONDS * 1000);
    const [attribution] = await tx.select().from(distributionAttributions).where(and(
      eq(distributionAttributions.accountId, order.accountId), eq(distributionAttributions.area, order.area),
      gt(distributionAttributions.attributedAt, since), lte(distributionAttributions.attributedAt, now),
      ne(distributionAttributions.sharerId, order.accountId),
    ));
    if (!attribution) return;
    const rates = await ratesOf(tx, lines.map((l) => l.skuId));
    const earned = orderCommission(lines.map((l) => ({ skuId: l.skuId, amount: l.amount })), rates);
    const names = new Map(lines.map((l) => [l.skuId, l.skuName]));
    await tx.insert(distributionOrders).values({
      orderId: order.id, sharerId: attribution.sharerId, buyerId: order.accountId, code: attribution.code, area: order.area, currency: order.currency,
      amount: earned.amount, commission: earned.commission, state: 'pending', createdAt: now,
      lines: earned.lines.map((l) => ({ sku_id: l.skuId, sku_name: names.get(l.skuId)!, amount: l.amount, rate_bp: l.rateBp, commission: l.commission })),
    }).onConflictDoNothing();
  },
};

/**
 * pending → earned when the order is paid (domain `commissionStateAfter`): conditional, so a second payment
 * notification changes nothing. Only an order with a pending commission has anything to move: the claim completing
 * it reads that (`dueSql`), so an order placed without a code costs no statement here.
 */
export const commissionEarnedStep: FulfilmentStep = {
  name: 'distribution commission earned',
  dueSql: ({ id }) => sql`exists (select from ${distributionOrders} where ${distributionOrders.orderId} = ${id} and ${distributionOrders.state} = 'pending')`,
  async run(tx: Tx, _deps: Deps, paidLines, now) {
    const orderIds = [...new Set(paidLines.map((p) => p.line.orderId))];
    await tx.update(distributionOrders).set({ state: 'earned', settledAt: now })
      .where(and(inArray(distributionOrders.orderId, orderIds), eq(distributionOrders.state, 'pending')));
  },
};

/**
 * pending → canceled when the order ends unpaid (expired, canceled, deleted), stamped with the app clock's moment
 * the order ended (as every other step of the store), so tests that move the clock and production agree.
 */
export const commissionReleaseStep: OrderReleaseStep = {
  name: 'distribution commission released',
  async run(tx, orderIds, now) {
    await tx.update(distributionOrders).set({ state: 'canceled', settledAt: now })
      .where(and(inArray(distributionOrders.orderId, [...orderIds]), eq(distributionOrders.state, 'pending')));
  },
};

/**
 * A refunded paid order cancels its commission, earned or not. A paid-out commission is never on a refundable
 * order (the payout waits until it ships), so `paid` is left out on purpose: nothing is clawed back.
 */
export const commissionRefundStep: PaidOrderCancelStep = {
  name: 'distribution commission refunded',
  async run(tx, order) {
    await tx.update(distributionOrders).set({ state: 'canceled', settledAt: order.now })
      .where(and(eq(distributionOrders.orderId, order.id), inArray(distributionOrders.state, ['pending', 'earned'])));
  },
};
