import { describe, expect, it } from 'vitest';
import {
  MAINLAND_TOP_PRIZE_CAP, drawMessage, formatProbability, lotteryRefusal, lotteryStatus, pickWeighted, poolWeight, prizeProbabilities,
  rollFromDigest, seedRevealed, shareRefusal, withinMainlandCap, type LotteryFacts, type PoolEntry,
} from './lottery.ts';

const facts = (over: Partial<LotteryFacts> = {}): LotteryFacts => ({
  from_timestamp: 100, to_timestamp: 200, closed: false, any_left: true, per_user_limit: 3, daily_limit: 2, drawn: 0, drawn_today: 0,
  minimum_order_amount: null, best_order_amount: 0, required_sku_id: null, purchased_required: false, cost_points: 50, score: 100, ...over,
});

/**
 * Digests standing in for the server's HMAC outputs: splitmix64, seeded, so the test is the same every run (a
 * cryptographic digest is uniform too; the server's own test re-runs real draws from their seed and nonce).
 */
function digests(seed: bigint) {
  let state = seed;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    z ^= z >> 31n;
    const bytes = new Uint8Array(8);
    for (let i = 7; i >= 0; i--) { bytes[i] = Number(z & 0xffn); z >>= 8n; }
    return bytes;
  };
}

describe('pickWeighted', () => {
  const pool = [{ prize_id: 7, weight: 1 }, { prize_id: 8, weight: 0 }, { prize_id: 9, weight: 3 }];
  it('gives each prize a run of rolls as long as its weight, skipping weightless ones', () => {
    expect([0, 1, 2, 3].map((roll) => pickWeighted(pool, roll))).toEqual([7, 9, 9, 9]);
    expect(pickWeighted(pool, 4)).toBeNull();
    expect(pickWeighted([], 0)).toBeNull();
    expect(poolWeight(pool)).toBe(4);
  });
});

describe('rollFromDigest', () => {
  it('reads the first 8 bytes as an unsigned integer modulo the total', () => {
    expect(rollFromDigest(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 10, 99]), 7)).toBe(3);
    expect(rollFromDigest(new Uint8Array(8).fill(255), 1000)).toBe(Number((2n ** 64n - 1n) % 1000n));
    expect(() => rollFromDigest(new Uint8Array(4), 10)).toThrow();
    expect(() => rollFromDigest(new Uint8Array(8), 0)).toThrow();
  });

  it('honours the weights over many draws (chi-squared, 3 degrees of freedom, p = 0.001)', () => {
    const pool = [{ prize_id: 1, weight: 1 }, { prize_id: 2, weight: 2 }, { prize_id: 3, weight: 3 }, { prize_id: 4, weight: 94 }];
    const next = digests(2026n);
    const draws = 200_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const prize = pickWeighted(pool, rollFromDigest(next(), poolWeight(pool)))!;
      counts.set(prize, (counts.get(prize) ?? 0) + 1);
    }
    const total = poolWeight(pool);
    const chiSquared = pool.reduce((sum, { prize_id, weight }) => {
      const expected = (draws * weight) / total;
      return sum + ((counts.get(prize_id) ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chiSquared).toBeLessThan(16.27);
    // The rare prize shows up about as often as its weight says (1%, within a few standard deviations).
    expect(counts.get(1)! / draws).toBeGreaterThan(0.008);
    expect(counts.get(1)! / draws).toBeLessThan(0.012);
  });

  it('names the draw by activity and nonce, so one digest re-runs one draw', () => {
    expect(drawMessage(9, 'abc')).toBe('lottery:9:abc');
    const digest = digests(7n)();
    const pool: PoolEntry[] = [{ prize_id: 1, weight: 50 }, { prize_id: 2, weight: 50 }];
    expect(pickWeighted(pool, rollFromDigest(digest, 100))).toBe(pickWeighted(pool, rollFromDigest(Uint8Array.from(digest), 100)));
  });
});

describe('prizeProbabilities and formatProbability', () => {
  it('divides each weight by the weights still in stock; an empty prize is 0', () => {
    const odds = prizeProbabilities([{ prize_id: 1, weight: 1, left_count: 5 }, { prize_id: 2, weight: 3, left_count: 1 }, { prize_id: 3, weight: 6, left_count: 0 }]);
    expect(odds.get(1)).toBe(0.25);
    expect(odds.get(2)).toBe(0.75);
    expect(odds.get(3)).toBe(0);
    expect(prizeProbabilities([{ prize_id: 1, weight: 1, left_count: 0 }]).get(1)).toBe(0);
  });
  it('shows a percentage with up to two decimals', () => {
    expect(formatProbability(0.125)).toBe('12.5%');
    expect(formatProbability(1 / 3)).toBe('33.33%');
    expect(formatProbability(0.00001)).toBe('<0.01%');
    expect(formatProbability(0)).toBe('0%');
    expect(formatProbability(1)).toBe('100%');
  });
});

describe('the mainland cap', () => {
  it('holds a mainland top prize to ¥50,000 and leaves the international site alone', () => {
    expect(withinMainlandCap('native', [100, MAINLAND_TOP_PRIZE_CAP])).toBe(true);
    expect(withinMainlandCap('native', [MAINLAND_TOP_PRIZE_CAP + 1])).toBe(false);
    expect(withinMainlandCap('abroad', [MAINLAND_TOP_PRIZE_CAP * 10])).toBe(true);
  });
});

describe('lotteryRefusal', () => {
  it('lets an account draw when every rule holds', () => {
    expect(lotteryRefusal(facts(), 150)).toBeNull();
    expect(lotteryRefusal(facts({ per_user_limit: null, daily_limit: null, drawn: 99, drawn_today: 99 }), 150)).toBeNull();
  });
  it('answers the first reason in order', () => {
    const all = facts({ closed: true, any_left: false, drawn: 3, drawn_today: 2, minimum_order_amount: 100, required_sku_id: 5, score: 0 });
    expect(lotteryRefusal(all, 150)).toEqual({ field: 'lottery_activity', reason: 'inactive' });
    expect(lotteryRefusal({ ...all, closed: false }, 200)).toEqual({ field: 'lottery_activity', reason: 'inactive' });
    expect(lotteryRefusal({ ...all, closed: false }, 99)).toEqual({ field: 'lottery_activity', reason: 'not_in_period' });
    expect(lotteryRefusal({ ...all, closed: false }, 150)).toEqual({ field: 'lottery_activity', reason: 'not_randomized' });
    expect(lotteryRefusal({ ...all, closed: false, any_left: true }, 150)).toEqual({ field: 'draws', reason: 'over_limit' });
    expect(lotteryRefusal({ ...all, closed: false, any_left: true, drawn: 1 }, 150)).toEqual({ field: 'daily_draws', reason: 'over_limit' });
    expect(lotteryRefusal({ ...all, closed: false, any_left: true, drawn: 1, drawn_today: 1 }, 150)).toEqual({ field: 'order', reason: 'minimum_order' });
    expect(lotteryRefusal({ ...all, closed: false, any_left: true, drawn: 1, drawn_today: 1, best_order_amount: 100 }, 150)).toEqual({ field: 'order', reason: 'not_purchased' });
    expect(lotteryRefusal({ ...all, closed: false, any_left: true, drawn: 1, drawn_today: 1, best_order_amount: 100, purchased_required: true }, 150))
      .toEqual({ field: 'points', reason: 'no_grade_left', missing: 50 });
  });
});

describe('status, seed and shares', () => {
  const window = { from_timestamp: 100, to_timestamp: 200, closed: false };
  it('reveals the seed only once the activity has ended or was closed', () => {
    expect(lotteryStatus(window, 150)).toBe('current');
    expect(seedRevealed(window, 199)).toBe(false);
    expect(seedRevealed(window, 200)).toBe(true);
    expect(seedRevealed({ ...window, closed: true }, 150)).toBe(true);
  });
  it('refuses a share outside its window, too long, with a stray timestamp, or used by its own sharer', () => {
    const share = { sharer_id: 1, from: 100, to: 1000 };
    expect(shareRefusal(share, 150, 2, 150)).toBeNull();
    expect(shareRefusal(share, 1000, 2, 1000)).toBe('token_invalid');
    expect(shareRefusal(share, 99, 2, 99)).toBe('token_invalid');
    expect(shareRefusal({ ...share, to: 100 + 8 * 24 * 3600 }, 150, 2, 150)).toBe('token_invalid');
    expect(shareRefusal(share, 150 + 301, 2, 150)).toBe('token_invalid');
    expect(shareRefusal(share, 150, 1, 150)).toBe('unqualified');
  });
});
