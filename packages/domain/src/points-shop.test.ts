import { describe, expect, it } from 'vitest';
import { giftPackRefusal, missingPoints, offerStatus, pointRedeemRefusal, sortCouponAreas, type PointRedeemFacts } from './points-shop.ts';

const facts = (over: Partial<PointRedeemFacts> = {}): PointRedeemFacts => ({
  from_timestamp: 100, to_timestamp: 200, closed: false, points: 500, left_count: 3, per_account_limit: 1, redeemed: 0, score: 800, ...over,
});

describe('offerStatus', () => {
  it('is current from the opening second up to the end, exclusive', () => {
    expect(offerStatus({ from_timestamp: 100, to_timestamp: 200 }, 99)).toBe('not_start');
    expect(offerStatus({ from_timestamp: 100, to_timestamp: 200 }, 100)).toBe('current');
    expect(offerStatus({ from_timestamp: 100, to_timestamp: 200 }, 199)).toBe('current');
    expect(offerStatus({ from_timestamp: 100, to_timestamp: 200 }, 200)).toBe('end');
    expect(offerStatus({ from_timestamp: 100, to_timestamp: null }, 1e10)).toBe('current');
  });
});

describe('pointRedeemRefusal', () => {
  it('lets a live, stocked redeem through when the points cover it', () => {
    expect(pointRedeemRefusal(facts(), 150)).toBeNull();
    expect(pointRedeemRefusal(facts({ score: 500 }), 150)).toBeNull();
  });
  it('answers the first reason in order', () => {
    expect(pointRedeemRefusal(facts({ closed: true, left_count: 0 }), 150)).toEqual({ field: 'point_redeem', reason: 'inactive' });
    expect(pointRedeemRefusal(facts(), 200)).toEqual({ field: 'point_redeem', reason: 'inactive' });
    expect(pointRedeemRefusal(facts({ left_count: 0 }), 50)).toEqual({ field: 'point_redeem', reason: 'not_in_period' });
    expect(pointRedeemRefusal(facts({ left_count: 0, redeemed: 5, score: 0 }), 150)).toEqual({ field: 'point_redeem', reason: 'no_inventory' });
    expect(pointRedeemRefusal(facts({ redeemed: 1, score: 0 }), 150)).toEqual({ field: 'point_redeem', reason: 'exceed_limit' });
    expect(pointRedeemRefusal(facts({ per_account_limit: null, redeemed: 9 }), 150)).toBeNull();
  });
  it('says how many points are missing', () => {
    expect(pointRedeemRefusal(facts({ score: 120 }), 150)).toEqual({ field: 'points', reason: 'no_grade_left', missing: 380 });
  });
});

describe('missingPoints', () => {
  it('is never negative and treats a negative score as none', () => {
    expect(missingPoints(900, 500)).toBe(0);
    expect(missingPoints(-5, 500)).toBe(500);
  });
});

describe('giftPackRefusal', () => {
  const pack = { from_timestamp: 100, to_timestamp: 200, closed: false, claimed: false };
  it('orders inactive, not started, claimed', () => {
    expect(giftPackRefusal(pack, 150)).toBeNull();
    expect(giftPackRefusal({ ...pack, claimed: true }, 250)).toBe('inactive');
    expect(giftPackRefusal({ ...pack, closed: true }, 150)).toBe('inactive');
    expect(giftPackRefusal({ ...pack, claimed: true }, 50)).toBe('not_in_period');
    expect(giftPackRefusal({ ...pack, claimed: true }, 150)).toBe('already_claimed');
  });
});

describe('sortCouponAreas', () => {
  it('orders by position, then id, without changing its input', () => {
    const list = [{ id: 3, position: 2 }, { id: 2, position: 1 }, { id: 1, position: 2 }];
    expect(sortCouponAreas(list).map((a) => a.id)).toEqual([2, 1, 3]);
    expect(list.map((a) => a.id)).toEqual([3, 2, 1]);
  });
});
