import { describe, expect, it } from 'vitest';
import {
  COMMISSION_RATE_MAX_BP, CPS_ATTRIBUTION_WINDOW_SECONDS, DISTRIBUTION_CODE_LENGTH, attributionEndsAt, attributionInForce, attributionOutcome,
  COMMISSION_HOLD_SECONDS, commissionCents, commissionPayable, commissionPayableAt, commissionStateAfter, distributionCodeFrom, distributionLink, isCommissionRate, isDistributionCodeShape,
  normalizeDistributionCode, orderCommission, scaleOf,
} from './distribution.ts';
import { isInviteCodeShape } from './invites.ts';

describe('distribution codes', () => {
  it('are ten characters without look-alikes, never the shape of an invite code', () => {
    let i = 0;
    const code = distributionCodeFrom((max) => (i++ * 7) % max);
    expect(code).toHaveLength(DISTRIBUTION_CODE_LENGTH);
    expect(isDistributionCodeShape(code)).toBe(true);
    expect(isInviteCodeShape(code)).toBe(false);
    expect(isDistributionCodeShape('ABCDEFGH')).toBe(false);
    expect(isDistributionCodeShape('ABCDEFGH0I')).toBe(false);
    expect(normalizeDistributionCode(' abcdefgh23 ')).toBe('ABCDEFGH23');
  });

  it('are shared as a link to a SKU page or the home, carrying ?cps=', () => {
    expect(distributionLink('https://cn.lantern.test/', 'ABCDEFGH23', 42)).toBe('https://cn.lantern.test/sku/42?cps=ABCDEFGH23');
    expect(distributionLink('https://cn.lantern.test', 'ABCDEFGH23')).toBe('https://cn.lantern.test/?cps=ABCDEFGH23');
  });
});

describe('commission arithmetic', () => {
  it('is integer cents, rounded down, never above the amount', () => {
    expect(commissionCents(9800, 500)).toBe(490);
    expect(commissionCents(999, 333)).toBe(33);
    expect(commissionCents(100, 20_000)).toBe(100);
    expect(commissionCents(0, 500)).toBe(0);
    expect(commissionCents(-5, 500)).toBe(0);
    expect(() => commissionCents(10.5, 100)).toThrow(RangeError);
    for (let amount = 1; amount < 5000; amount += 7) {
      for (const rate of [1, 250, 999, 10_000]) {
        const c = commissionCents(amount, rate);
        expect(Number.isInteger(c) && c >= 0 && c <= amount).toBe(true);
        expect(c).toBe(Math.floor((amount * rate) / 10_000));
      }
    }
  });

  it('rounds each line on its own and skips SKUs without a rate', () => {
    const rates = new Map([[1, 500], [2, 333]]);
    const order = orderCommission([{ skuId: 1, amount: 9999 }, { skuId: 2, amount: 999 }, { skuId: 3, amount: 5000 }], rates);
    expect(order.lines.map((l) => l.commission)).toEqual([499, 33, 0]);
    expect(order.lines.map((l) => l.rateBp)).toEqual([500, 333, 0]);
    expect(order.commission).toBe(532);
    expect(order.amount).toBe(10_998);
    expect(orderCommission([], rates)).toEqual({ lines: [], amount: 0, commission: 0 });
  });

  it('accepts rates from 1 basis point to half the price, in whole points', () => {
    expect(isCommissionRate(1)).toBe(true);
    expect(isCommissionRate(COMMISSION_RATE_MAX_BP)).toBe(true);
    expect(isCommissionRate(COMMISSION_RATE_MAX_BP + 1)).toBe(false);
    expect(isCommissionRate(0)).toBe(false);
    expect(isCommissionRate(-1)).toBe(false);
    expect(isCommissionRate(2.5)).toBe(false);
  });

  it('writes the rate as an exact decimal scale', () => {
    expect(scaleOf(500)).toBe('0.05');
    expect(scaleOf(1250)).toBe('0.125');
    expect(scaleOf(1)).toBe('0.0001');
    expect(scaleOf(5000)).toBe('0.5');
    expect(scaleOf(10_000)).toBe('1');
    expect(scaleOf(0)).toBe('0');
  });
});

describe('attribution', () => {
  it('lasts the window from the link followed, half-open', () => {
    const at = 1_800_000_000;
    expect(attributionInForce(at, at)).toBe(true);
    expect(attributionInForce(at, at + CPS_ATTRIBUTION_WINDOW_SECONDS - 1)).toBe(true);
    expect(attributionInForce(at, at + CPS_ATTRIBUTION_WINDOW_SECONDS)).toBe(false);
    expect(attributionInForce(at, at - 1)).toBe(false);
    expect(attributionEndsAt(at)).toBe(at + 7 * 24 * 3600);
  });

  it('never attributes a sharer to itself', () => {
    expect(attributionOutcome(7, 7)).toBe('self');
    expect(attributionOutcome(7, 8)).toBe('attributed');
  });

  it('moves a pending commission once: earned when paid, canceled when the order ends unpaid or is refunded', () => {
    expect(commissionStateAfter('pending', 'paid')).toBe('earned');
    expect(commissionStateAfter('pending', 'ended_unpaid')).toBe('canceled');
    expect(commissionStateAfter('earned', 'refunded')).toBe('canceled');
    expect(commissionStateAfter('pending', 'refunded')).toBe('canceled');
    expect(commissionStateAfter('earned', 'paid')).toBe('earned');
    expect(commissionStateAfter('earned', 'ended_unpaid')).toBe('earned');
    expect(commissionStateAfter('canceled', 'paid')).toBe('canceled');
    expect(commissionStateAfter('earned', 'paid_out')).toBe('paid');
    expect(commissionStateAfter('pending', 'paid_out')).toBe('pending');
    expect(commissionStateAfter('canceled', 'paid_out')).toBe('canceled');
    expect(commissionStateAfter('paid', 'paid_out')).toBe('paid');
    expect(commissionStateAfter('paid', 'refunded')).toBe('paid');
  });
});

describe('commission payout', () => {
  const earnedAt = 1_800_000_000;
  it('becomes payable a whole hold after the order was paid, not a second sooner', () => {
    expect(COMMISSION_HOLD_SECONDS).toBe(7 * 86_400);
    expect(commissionPayableAt(earnedAt)).toBe(earnedAt + COMMISSION_HOLD_SECONDS);
    expect(commissionPayable({ state: 'earned', earnedAtSec: earnedAt, refundable: false }, earnedAt + COMMISSION_HOLD_SECONDS - 1)).toBe(false);
    expect(commissionPayable({ state: 'earned', earnedAtSec: earnedAt, refundable: false }, earnedAt + COMMISSION_HOLD_SECONDS)).toBe(true);
  });
  it('waits while the order can still be refunded, and pays only earned commissions', () => {
    const late = earnedAt + 30 * 86_400;
    expect(commissionPayable({ state: 'earned', earnedAtSec: earnedAt, refundable: true }, late)).toBe(false);
    for (const state of ['pending', 'paid', 'canceled'] as const) expect(commissionPayable({ state, earnedAtSec: earnedAt, refundable: false }, late)).toBe(false);
    expect(commissionPayable({ state: 'earned', earnedAtSec: null, refundable: false }, late)).toBe(false);
  });
});
