import { and, count, desc, eq } from 'drizzle-orm';
import { REDEEM_FAILURES_BEFORE_CAPTCHA, formatRedeemCode, redeemCaptchaState, redeemCodeDisplayState, type Area } from '@lantern/domain';
import type { Redemption } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { heldCouponId } from '../coupons/grants.ts';
import { libraryGameIdOf } from '../library/index.ts';
import { findGrantOrder } from '../orders/index.ts';
import { goodsOf, type RedeemCodeRow } from './presenter.ts';
import { redeemCodes } from './tables.ts';

/** Failed attempts of an account in the current hour (fixed window in the key-value store). */
export const failureKey = (accountId: number) => `redeem_fail:${accountId}`;

/** GET /api/redeem: whether the next attempt needs a captcha, and how many are left before one does. */
export async function redeemPageState(deps: Deps, accountId: number) {
  const failures = await deps.limiter.count(failureKey(accountId));
  return { ...redeemCaptchaState(failures), failures_before_captcha: REDEEM_FAILURES_BEFORE_CAPTCHA };
}

/**
 * What a used code gave, found from where the goods went: the grant order and library game of a SKU,
 * the account coupon of a coupon (redeem_codes keeps no result columns; decisions/0006).
 */
async function outcomeOf(db: DbOrTx, row: RedeemCodeRow) {
  const accountId = row.usedBy!;
  if (row.goodsKind === 'sku' && row.skuId !== null) {
    const [orderId, libraryGameId] = await Promise.all([findGrantOrder(db, accountId, row.skuId, row.usedAt!), libraryGameIdOf(db, accountId, row.skuId)]);
    return { order_id: orderId, library_game_id: libraryGameId, account_coupon_id: null };
  }
  if (row.goodsKind === 'coupon' && row.couponId !== null) return { order_id: null, library_game_id: null, account_coupon_id: await heldCouponId(db, accountId, row.couponId) };
  return { order_id: null, library_game_id: null, account_coupon_id: null };
}

export async function presentRedemptions(db: DbOrTx, rows: readonly RedeemCodeRow[]): Promise<Redemption[]> {
  const [goods, outcomes] = await Promise.all([goodsOf(db, rows), Promise.all(rows.map((r) => outcomeOf(db, r)))]);
  return rows.map((r, i) => ({
    id: r.id,
    code_tail: r.codeTail,
    goods: goods.get(r.id)!,
    redeemed_at_timestamp: toTimestamp(r.usedAt!),
    ...outcomes[i]!,
  }));
}

/** GET /api/redeems: the codes the account redeemed on the site, newest first. */
export async function listRedemptions(deps: Deps, accountId: number, area: Area, page: number, per: number) {
  const where = and(eq(redeemCodes.usedBy, accountId), eq(redeemCodes.area, area));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(redeemCodes).where(where).orderBy(desc(redeemCodes.usedAt), desc(redeemCodes.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(redeemCodes).where(where),
  ]);
  return { redeems: await presentRedemptions(deps.db, rows), meta: { total_count: total?.n ?? 0, page, per } };
}

/** GET /api/redeems/{id}: one of the account's redemptions; anyone else's is a 404. */
export async function getRedemption(deps: Deps, accountId: number, id: number): Promise<Redemption> {
  const [row] = await deps.db.select().from(redeemCodes).where(and(eq(redeemCodes.id, id), eq(redeemCodes.usedBy, accountId))).limit(1);
  if (!row) throw fail.notFound();
  return (await presentRedemptions(deps.db, [row]))[0]!;
}

/** GET /api/me/code: codes issued to the account (any site), newest first, with the code itself. */
export async function listIssuedCodes(deps: Deps, accountId: number, page: number, per: number) {
  const where = eq(redeemCodes.ownerAccountId, accountId);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(redeemCodes).where(where).orderBy(desc(redeemCodes.createdAt), desc(redeemCodes.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(redeemCodes).where(where),
  ]);
  const goods = await goodsOf(deps.db, rows);
  const nowSec = toTimestamp(deps.clock.now());
  return {
    codes: rows.map((r) => ({
      id: r.id,
      code: r.codeEnc ? formatRedeemCode(deps.secrets.decrypt(r.codeEnc)) : '',
      code_tail: r.codeTail,
      state: redeemCodeDisplayState(r.state, toTimestamp(r.expiresAt), nowSec),
      goods: goods.get(r.id)!,
      expires_at_timestamp: toTimestamp(r.expiresAt),
      used_at_timestamp: toTimestamp(r.usedAt),
      created_at_timestamp: toTimestamp(r.createdAt),
    })),
    meta: { total_count: total?.n ?? 0, page, per },
  };
}
