import { eq } from 'drizzle-orm';
import {
  REDEEM_CODE_MAX_LENGTH, REDEEM_FAILURE_WINDOW_SECONDS, isGameKind, isKeyedKind, normalizeRedeemCode, redeemCaptchaState, redeemCodeProblem, type Area, type ReasonCode,
} from '@lantern/domain';
import type { Redemption } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { assertNoRecoveryHold, awardScore, reserveAttempt } from '../accounts/index.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { grantCoupon } from '../coupons/index.ts';
import { grantGames, libraryProductIds } from '../library/index.ts';
import { completeGrantOrder, heldProducts, lockBuyer, runAfterCommit, type CompletionOutcome } from '../orders/index.ts';
import { redeemCodeHash } from './issue.ts';
import { failureKey, presentRedemptions } from './records.ts';
import { redeemCodes } from './tables.ts';

export interface RedeemInput {
  code: string;
  captcha_id?: string;
  captcha?: string;
}

type RedeemCodeRow = typeof redeemCodes.$inferSelect;

/** The code's goods cannot go to this account ("bind failed", docs/product/buying.md#redeem-codes). */
const bindFailed = () => fail.unprocessable('code', 'bind_failed');

/** The refusal of a failed attempt (counted already, and kept) with what the page needs next. */
class FailedAttempt extends AppError {
  constructor(status: number, reason: ReasonCode, failures: number) {
    super(status, { code: [reason] }, redeemCaptchaState(failures));
  }
}
const failedAttempt = (status: number, reason: ReasonCode, failures: number) => new FailedAttempt(status, reason, failures);

/**
 * A game or goods: the library entry (games only) and a key through a zero-amount order (decisions/0006).
 * Under the buyer's lock, the one every checkout of the account takes: two codes for one game redeemed at
 * once, or a code redeemed while an unpaid order holds the game, cannot both give a copy — a game the
 * account owns or is paying for is `bind_failed`. Answers the completion, whose work after commit (a
 * supplier's key) the caller starts once the transaction committed.
 */
async function grantSku(tx: Tx, deps: Deps, accountId: number, code: RedeemCodeRow, now: Date): Promise<CompletionOutcome> {
  const [row] = await loadSkuRows(tx, [code.skuId!]);
  if (!row || row.sku.area !== code.area || !isKeyedKind(row.kind)) throw bindFailed();
  await lockBuyer(tx, accountId);
  if (isGameKind(row.kind)) {
    const wanted = [row.sku.productId, ...(row.kind === 'dlc' && row.baseProductId !== null ? [row.baseProductId] : [])];
    // One statement at a time: a transaction is one connection (docs/decisions/0057).
    const inLibrary = await libraryProductIds(tx, accountId, wanted);
    const held = await heldProducts(tx, accountId, wanted, now);
    const owns = (id: number) => inLibrary.has(id) || held.get(id) === 'owned';
    if (owns(row.sku.productId) || held.get(row.sku.productId) === 'locked') throw bindFailed();
    if (row.kind === 'dlc' && row.baseProductId !== null && !owns(row.baseProductId)) throw bindFailed();
    await grantGames(tx, [{ accountId, row, source: 'redeem', sourceId: code.id }], now);
  }
  return completeGrantOrder(tx, deps, accountId, row, now);
}

/**
 * POST /api/redeem (docs/product/buying.md#redeem-codes). After REDEEM_FAILURES_BEFORE_CAPTCHA failed attempts
 * in an hour, every attempt needs a solved captcha (`captcha: need_captcha | invalid`), checked before
 * the code so codes cannot be guessed without solving captchas. Then: 404 `code: not_found`; 422
 * `code: used`; 422 `code: invalid` (disabled, expired, other site, issued to someone else) — each a
 * failed attempt; 422 `code: bind_failed` when the goods cannot go to this account (the game or its
 * coupon is held already, a DLC without its base, a coupon run out). The code row is locked while the
 * goods are given, and marked used in the same transaction: a code is used once.
 */
export async function redeem(deps: Deps, accountId: number, area: Area, input: RedeemInput): Promise<Redemption> {
  // Within 15 days of an appeal's reset the account redeems nothing (docs/product/accounts.md#recovery-hold):
  // refused before any code is compared, and not counted as a failed attempt.
  await assertNoRecoveryHold(deps.db, accountId, deps.clock.now(), 'code');
  // The attempt is counted before the code is looked up (accounts/attempts.ts): a burst of parallel
  // guesses cannot all slip under the captcha threshold. Its place is given back unless it fails.
  const attempt = await reserveAttempt(deps.kv, failureKey(accountId), REDEEM_FAILURE_WINDOW_SECONDS);
  const failuresBefore = attempt.place - 1;
  try {
    return await redeemCounted(deps, accountId, area, input, attempt.place, failuresBefore);
  } catch (err) {
    if (!(err instanceof FailedAttempt)) await attempt.release();
    throw err;
  }
}

async function redeemCounted(deps: Deps, accountId: number, area: Area, input: RedeemInput, failures: number, failuresBefore: number): Promise<Redemption> {
  if (redeemCaptchaState(failuresBefore).need_captcha) {
    if (!input.captcha_id || !input.captcha) throw fail.unprocessable('captcha', 'need_captcha', redeemCaptchaState(failuresBefore));
    if (!(await deps.captcha.verify(input.captcha_id, input.captcha))) throw fail.unprocessable('captcha', 'invalid', redeemCaptchaState(failuresBefore));
  }
  const normalized = normalizeRedeemCode(input.code);
  if (normalized === '') throw fail.unprocessable('code', 'blank');
  if (normalized.length > REDEEM_CODE_MAX_LENGTH) throw failedAttempt(404, 'not_found', failures);

  const now = deps.clock.now();
  const hash = redeemCodeHash(deps, normalized);
  let completion: CompletionOutcome | undefined;
  const outcome = await deps.db.transaction(async (tx): Promise<{ refused: 'not_found' | 'used' | 'invalid' } | { used: RedeemCodeRow }> => {
    const [code] = await tx.select().from(redeemCodes).where(eq(redeemCodes.codeHash, hash)).for('update');
    if (!code) return { refused: 'not_found' };
    const problem = redeemCodeProblem(
      { state: code.state, area: code.area, expires_at_timestamp: code.expiresAt ? toTimestamp(code.expiresAt) : null, owner_account_id: code.ownerAccountId },
      accountId, area, toTimestamp(now),
    );
    if (problem) return { refused: problem };

    if (code.goodsKind === 'sku') completion = await grantSku(tx, deps, accountId, code, now);
    else if (code.goodsKind === 'coupon') {
      const granted = await grantCoupon(tx, accountId, code.area, code.couponId!, now);
      if ('problem' in granted) throw bindFailed();
    } else await awardScore(tx, accountId, code.points!, 'redeem', { type: 'redeem_code', id: code.id });

    const [used] = await tx.update(redeemCodes).set({ state: 'used', usedBy: accountId, usedAt: now }).where(eq(redeemCodes.id, code.id)).returning();
    return { used: used! };
  });
  if ('refused' in outcome) throw failedAttempt(outcome.refused === 'not_found' ? 404 : 422, outcome.refused, failures);
  // Not awaited: the answer does not wait for the supplier (runAfterCommit never throws).
  if (completion) void runAfterCommit(deps, completion);
  return (await presentRedemptions(deps.db, [outcome.used]))[0]!;
}
