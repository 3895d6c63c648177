import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  accountCouponState, evaluateCoupon, sortCouponsForSettlement, type AccountCouponState, type Area, type CouponLine,
  type CouponScope, type CouponTerms, type ReasonCode,
} from '@lantern/domain';
import type { AccountCoupon, Coupon } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { accountCoupons, coupons } from './tables.ts';

type CouponRow = typeof coupons.$inferSelect;
type AccountCouponRow = typeof accountCoupons.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function couponTerms(row: CouponRow): CouponTerms {
  return {
    discount_type: row.discountType,
    value: row.value,
    minimum_order: row.minimumOrder,
    scope: row.applyTo,
    valid_from_timestamp: toTimestamp(row.validFrom),
    valid_until_timestamp: toTimestamp(row.validUntil),
  };
}

export function presentCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    title: row.title,
    discount_type: row.discountType,
    value: row.value,
    minimum_order: row.minimumOrder,
    valid_from_timestamp: toTimestamp(row.validFrom),
    valid_until_timestamp: toTimestamp(row.validUntil),
    apply_to: {
      include_games: { sku_ids: [...row.applyTo.include_sku_ids], product_ids: [...row.applyTo.include_product_ids] },
      exclude_games: { sku_ids: [...row.applyTo.exclude_sku_ids], product_ids: [...row.applyTo.exclude_product_ids] },
    },
    total_amount: row.totalAmount,
    left_amount: row.leftAmount,
    need_captcha: row.needCaptcha,
    need_code: row.code !== null,
    area: row.area,
    created_at_timestamp: toTimestamp(row.createdAt),
  };
}

function presentAccountCoupon(held: AccountCouponRow, row: CouponRow, nowSec: number): AccountCoupon {
  const state = accountCouponState({ used: held.usedAt !== null, valid_until_timestamp: toTimestamp(row.validUntil) }, nowSec);
  const notStarted = row.validFrom !== null && seconds(row.validFrom) > nowSec;
  return {
    id: held.id,
    coupon_id: row.id,
    coupon: presentCoupon(row),
    state,
    available: state === 'available' && !notStarted,
    used_at_timestamp: toTimestamp(held.usedAt),
    order_id: held.orderId,
    created_at_timestamp: toTimestamp(held.createdAt),
  };
}

/** Coupons anyone on the site may claim now: active, listed (no code), within their period, not exhausted. */
function claimableSql(area: Area, now: Date): SQL {
  return and(
    eq(coupons.area, area),
    eq(coupons.status, 'active'),
    isNull(coupons.code),
    gt(coupons.leftAmount, 0),
    or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
  )!;
}

/** GET /api/account_coupons: claimable coupons of the site, newest first (docs/product/buying.md#coupon-ordering), with `received`. */
export async function listClaimable(deps: Deps, accountId: number, area: Area, page: number, per: number) {
  const where = claimableSql(area, deps.clock.now());
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(coupons).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const mine = ids.length === 0 ? [] : await deps.db.select({ couponId: accountCoupons.couponId }).from(accountCoupons).where(and(eq(accountCoupons.accountId, accountId), inArray(accountCoupons.couponId, ids)));
  const received = new Set(mine.map((m) => m.couponId));
  return { coupons: rows.map((r) => ({ ...presentCoupon(r), received: received.has(r.id) })), meta: { total_count: total?.n ?? 0, page, per } };
}

function stateSql(state: AccountCouponState | undefined, now: Date): SQL | undefined {
  if (state === 'used') return isNotNull(accountCoupons.usedAt);
  if (state === 'expired') return and(isNull(accountCoupons.usedAt), isNotNull(coupons.validUntil), lte(coupons.validUntil, now));
  if (state === 'available') return and(isNull(accountCoupons.usedAt), or(isNull(coupons.validUntil), gt(coupons.validUntil, now)));
  return undefined;
}

/** GET /api/me/account_coupons: mine on this site, newest first, optionally of one state. */
export async function listMine(deps: Deps, accountId: number, area: Area, page: number, per: number, state?: AccountCouponState) {
  const now = deps.clock.now();
  const where = and(eq(accountCoupons.accountId, accountId), eq(accountCoupons.area, area), stateSql(state, now));
  const [rows, [total]] = await Promise.all([
    deps.db.select({ held: accountCoupons, coupon: coupons }).from(accountCoupons).innerJoin(coupons, eq(coupons.id, accountCoupons.couponId)).where(where)
      .orderBy(desc(accountCoupons.createdAt), desc(accountCoupons.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(accountCoupons).innerJoin(coupons, eq(coupons.id, accountCoupons.couponId)).where(where),
  ]);
  const nowSec = seconds(now);
  return { account_coupons: rows.map((r) => presentAccountCoupon(r.held, r.coupon, nowSec)), meta: { total_count: total?.n ?? 0, page, per } };
}

/** A claim refusal the web shows as `coupon_<field>_<reason>` (docs/product/buying.md#claiming): 400 with that one field. */
const refuse = (field: 'coupon' | 'account' | 'rule' | 'event' | 'request', reason: ReasonCode) => new AppError(400, { [field]: [reason] });

export interface ClaimInput {
  code?: string;
  captcha_id?: string;
  captcha?: string;
}

/** A refusal of a coupon that cannot be claimed now: its event is off (inactive) or it has ended. */
function assertClaimableNow(row: CouponRow, now: Date) {
  if (row.status !== 'active') throw refuse('event', 'inactive');
  const until = couponTerms(row).valid_until_timestamp;
  if (until !== null && seconds(now) >= until) throw refuse('rule', 'expired');
}

async function checkCaptcha(deps: Deps, input: ClaimInput) {
  if (!input.captcha_id || !input.captcha) throw refuse('request', 'need_captcha');
  if (!(await deps.captcha.verify(input.captcha_id, input.captcha))) throw refuse('request', 'captcha_invalid');
}

/** Code coupons compare case-insensitively, without surrounding spaces. */
const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * PATCH /api/account_coupons/{couponId}: claims one of a listed coupon for the account. A code coupon is
 * claimed by its code only (POST /api/account_coupons): ids are sequential, so were a code coupon
 * claimable by id its id would stand in for its code. Here it answers exactly as an id that names
 * nothing, so the route does not even tell that one exists.
 */
export async function claimCoupon(deps: Deps, accountId: number, area: Area, couponId: number) {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(coupons).where(and(eq(coupons.id, couponId), eq(coupons.area, area), isNull(coupons.code))).limit(1);
  if (!row) throw fail.notFound();
  assertClaimableNow(row, now);
  return takeCoupon(deps, accountId, area, row, now);
}

/**
 * POST /api/account_coupons: claims the coupon of a code (the only way a code coupon's id is learnt). The
 * captcha is asked for every code, before the code is looked up: which coupon a code names is not known
 * until then, so asking only for `need_captcha` coupons would tell a guesser that a code exists. A code
 * that names no coupon of this site is `coupon: code_error`; then the same refusals as the claim by id.
 */
export async function claimCouponByCode(deps: Deps, accountId: number, area: Area, input: ClaimInput) {
  const now = deps.clock.now();
  const code = input.code === undefined ? '' : normalizeCode(input.code);
  if (!code) throw refuse('coupon', 'blank');
  await checkCaptcha(deps, input);
  const [row] = await deps.db.select().from(coupons)
    .where(and(eq(coupons.area, area), isNotNull(coupons.code), sql`upper(${coupons.code}) = ${code}`))
    .orderBy(asc(coupons.id))
    .limit(1);
  if (!row) throw refuse('coupon', 'code_error');
  assertClaimableNow(row, now);
  return takeCoupon(deps, accountId, area, row, now);
}

/**
 * Hands the account one of the coupon. The unit is taken with `UPDATE … SET left_amount = left_amount - 1
 * WHERE left_amount > 0`, in the same transaction as the account's row, whose unique key refuses a second
 * claim; so under any concurrency no more are handed out than there were, and nobody holds two.
 */
async function takeCoupon(deps: Deps, accountId: number, area: Area, row: CouponRow, now: Date) {
  const couponId = row.id;
  const [already] = await deps.db.select({ id: accountCoupons.id }).from(accountCoupons).where(and(eq(accountCoupons.accountId, accountId), eq(accountCoupons.couponId, couponId))).limit(1);
  if (already) throw refuse('account', 'taken');
  if (row.leftAmount <= 0) throw new AppError(404, { coupon: ['exhausted'] });

  const held = await deps.db.transaction(async (tx) => {
    const inserted = await tx.insert(accountCoupons).values({ accountId, couponId, area, createdAt: now }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw refuse('account', 'taken');
    const taken = await tx
      .update(coupons)
      .set({ leftAmount: sql`${coupons.leftAmount} - 1` })
      .where(and(eq(coupons.id, couponId), gt(coupons.leftAmount, 0)))
      .returning({ left: coupons.leftAmount });
    if (taken.length === 0) throw new AppError(404, { coupon: ['exhausted'] });
    return inserted[0]!;
  });
  const [fresh] = await deps.db.select().from(coupons).where(eq(coupons.id, couponId));
  return presentAccountCoupon(held, fresh!, seconds(now));
}

/** The scopes of the coupons an account can use now on an area (the cart's `use_coupon`). */
export async function usableCouponScopes(deps: Deps, accountId: number, area: Area): Promise<CouponScope[]> {
  const held = await usableCoupons(deps.db, accountId, area, deps.clock.now());
  return held.map((h) => h.coupon.applyTo);
}

async function usableCoupons(db: DbOrTx, accountId: number, area: Area, now: Date) {
  return db
    .select({ held: accountCoupons, coupon: coupons })
    .from(accountCoupons)
    .innerJoin(coupons, eq(coupons.id, accountCoupons.couponId))
    .where(and(
      eq(accountCoupons.accountId, accountId),
      eq(accountCoupons.area, area),
      isNull(accountCoupons.usedAt),
      or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
    ))
    .orderBy(desc(accountCoupons.createdAt), desc(accountCoupons.id));
}

/**
 * GET /api/cart/coupons: each usable coupon against the lines, with the SKUs it covers and what it would
 * take off; the best is picked by the settlement ordering (docs/product/buying.md#settlement-ordering), where a coupon's "value" is the discount it gives
 * this cart (a percentage and an amount are otherwise not comparable).
 */
export async function couponsForLines(deps: Deps, accountId: number, area: Area, lines: readonly CouponLine[]) {
  const now = deps.clock.now();
  const nowSec = seconds(now);
  const held = await usableCoupons(deps.db, accountId, area, now);
  const list = held.map((h) => {
    const evaluation = evaluateCoupon(couponTerms(h.coupon), lines, nowSec);
    return {
      ...presentAccountCoupon(h.held, h.coupon, nowSec),
      available: evaluation.problem === null,
      available_sku_ids: evaluation.available_sku_ids,
      unavailable_sku_ids: evaluation.unavailable_sku_ids,
      discount_amount: evaluation.discount,
      reason: evaluation.problem,
    };
  });
  const best = sortCouponsForSettlement(
    list.filter((c) => c.available && c.discount_amount > 0).map((c) => ({ id: c.id, value: c.discount_amount, minimum_order: c.coupon.minimum_order, valid_until_timestamp: c.coupon.valid_until_timestamp })),
  )[0];
  return { account_coupons: list, best_account_coupon_id: best?.id ?? null, meta: { total_count: list.length, page: 1, per: list.length } };
}

export type CouponUseProblem = 'not_found' | 'used' | 'expired' | 'not_in_period' | 'not_applicable' | 'minimum_order';

/**
 * Checks an account coupon for an order's lines and, when it holds, marks it used by the order inside
 * the caller's transaction: `WHERE used_at IS NULL` makes the second of two concurrent orders find it
 * taken. Answers the discount, or the problem.
 */
export async function useCouponForOrder(tx: DbOrTx, accountId: number, area: Area, accountCouponId: number, orderId: number, lines: readonly CouponLine[], now: Date): Promise<{ discount: number; availableSkuIds: number[] } | { problem: CouponUseProblem }> {
  const [found] = await tx.select({ held: accountCoupons, coupon: coupons }).from(accountCoupons).innerJoin(coupons, eq(coupons.id, accountCoupons.couponId))
    .where(and(eq(accountCoupons.id, accountCouponId), eq(accountCoupons.accountId, accountId), eq(accountCoupons.area, area))).limit(1);
  if (!found) return { problem: 'not_found' };
  if (found.held.usedAt !== null) return { problem: 'used' };
  const evaluation = evaluateCoupon(couponTerms(found.coupon), lines, seconds(now));
  if (evaluation.problem) return { problem: evaluation.problem };
  const marked = await tx.update(accountCoupons).set({ usedAt: now, orderId }).where(and(eq(accountCoupons.id, accountCouponId), isNull(accountCoupons.usedAt))).returning({ id: accountCoupons.id });
  if (marked.length === 0) return { problem: 'used' };
  return { discount: evaluation.discount, availableSkuIds: evaluation.available_sku_ids };
}

/** Gives back the coupons of canceled orders (in the caller's transaction). */
export async function releaseCouponsOfOrders(tx: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  await tx.update(accountCoupons).set({ usedAt: null, orderId: null }).where(inArray(accountCoupons.orderId, [...orderIds]));
}
