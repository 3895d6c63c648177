import { describe, expect, it } from 'vitest';
import {
  RED_PACKET_MAX_AMOUNT, RED_PACKET_MAX_PARTS, redPacketEventStatus, redPacketOpenRefusal, redPacketRole, redPacketTakeRefusal,
  redPacketTermsProblem, splitRedPacket, type RandomInt,
} from './red-packets.ts';

/** A seeded generator (xorshift32) so a failure can be replayed; uniform enough for a property test. */
function seeded(seed: number): RandomInt {
  let x = seed >>> 0 || 1;
  return (maxExclusive) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return Math.floor((x / 0x1_0000_0000) * maxExclusive);
  };
}

describe('splitRedPacket', () => {
  it('over a million random (amount, parts) splits, every part is at least one cent and every sum is exact', () => {
    const rand = seeded(20260129);
    let splits = 0;
    let smallest = Infinity;
    for (; splits < 1_000_000; splits++) {
      // Mostly small packets of few parts (the common case), some at the limits: exactly one cent a part, the largest amount.
      const parts = 1 + rand(splits % 10 === 0 ? RED_PACKET_MAX_PARTS : 20);
      const kind = splits % 7;
      const amount = kind === 0 ? parts : kind === 1 ? RED_PACKET_MAX_AMOUNT - rand(1000) : parts + rand(100_000);
      const split = splitRedPacket(amount, parts, rand);
      if (split.length !== parts) throw new Error(`${amount}/${parts}: ${split.length} parts`);
      let sum = 0;
      for (const part of split) {
        if (!Number.isInteger(part) || part < 1) throw new Error(`${amount}/${parts}: part ${part}`);
        if (part < smallest) smallest = part;
        sum += part;
      }
      if (sum !== amount) throw new Error(`${amount}/${parts}: sums to ${sum}`);
    }
    expect(splits).toBe(1_000_000);
    expect(smallest).toBe(1);
  });

  it('holds for a generator that always draws the most or the least', () => {
    for (const rand of [(max: number) => max - 1, () => 0] as RandomInt[]) {
      for (const [amount, parts] of [[100, 10], [10, 10], [1, 1], [99_999, 100], [RED_PACKET_MAX_AMOUNT, 3]] as const) {
        const split = splitRedPacket(amount, parts, rand);
        expect(split.reduce((a, b) => a + b, 0)).toBe(amount);
        expect(Math.min(...split)).toBeGreaterThanOrEqual(1);
      }
    }
    // Drawing nothing leaves every part at its cent and the last with the rest.
    expect(splitRedPacket(100, 4, () => 0)).toEqual([1, 1, 1, 97]);
  });

  it('is random: two packets of the same terms differ, and the parts average the mean', () => {
    const rand = seeded(7);
    const a = splitRedPacket(10_000, 20, rand);
    const b = splitRedPacket(10_000, 20, rand);
    expect(a).not.toEqual(b);
    let first = 0;
    for (let i = 0; i < 20_000; i++) first += splitRedPacket(10_000, 10, rand)[0]!;
    expect(first / 20_000).toBeGreaterThan(950);
    expect(first / 20_000).toBeLessThan(1050);
  });

  it('refuses terms where a part would get less than a cent, or too many parts or too much', () => {
    expect(redPacketTermsProblem(9, 10)).toBe('amount');
    expect(redPacketTermsProblem(10, 10)).toBeNull();
    expect(redPacketTermsProblem(1000, 0)).toBe('parts');
    expect(redPacketTermsProblem(1000, RED_PACKET_MAX_PARTS + 1)).toBe('parts');
    expect(redPacketTermsProblem(RED_PACKET_MAX_AMOUNT + 1, 5)).toBe('amount');
    expect(redPacketTermsProblem(10.5, 5)).toBe('amount');
    expect(() => splitRedPacket(3, 4, () => 0)).toThrow(RangeError);
  });
});

describe('red packet rules', () => {
  const live = { from_timestamp: 100, to_timestamp: 200, closed: false };

  it('tells the sharer from a recipient and a visitor', () => {
    expect(redPacketRole(5, 5)).toBe('sharer');
    expect(redPacketRole(6, 5)).toBe('recipient');
    expect(redPacketRole(null, 5)).toBe('visitor');
  });

  it('derives the event status from its window and staff closing', () => {
    expect(redPacketEventStatus(live, 99)).toBe('not_start');
    expect(redPacketEventStatus(live, 100)).toBe('current');
    expect(redPacketEventStatus(live, 200)).toBe('end');
    expect(redPacketEventStatus({ ...live, closed: true }, 150)).toBe('end');
  });

  it('refuses a take before or after the window, a second take, and an event with no packet left', () => {
    const take = { ...live, taken: false, packetsLeft: 3 };
    expect(redPacketTakeRefusal(take, 150)).toBeNull();
    expect(redPacketTakeRefusal(take, 50)).toBe('not_in_period');
    expect(redPacketTakeRefusal(take, 250)).toBe('already_end');
    expect(redPacketTakeRefusal({ ...take, taken: true, packetsLeft: 0 }, 150)).toBe('own_limit');
    expect(redPacketTakeRefusal({ ...take, packetsLeft: 0 }, 150)).toBe('exhausted');
  });

  it('refuses an open in order: ended, opened already, unqualified, all taken', () => {
    const open = { ...live, isSharer: false, registeredTooEarly: false, openedByMe: false, partsLeft: 2 };
    expect(redPacketOpenRefusal(open, 150)).toBeNull();
    expect(redPacketOpenRefusal({ ...open, openedByMe: true }, 250)).toBe('already_end');
    expect(redPacketOpenRefusal({ ...open, openedByMe: true, partsLeft: 0 }, 150)).toBe('opened');
    expect(redPacketOpenRefusal({ ...open, isSharer: true, partsLeft: 0 }, 150)).toBe('unqualified');
    expect(redPacketOpenRefusal({ ...open, registeredTooEarly: true }, 150)).toBe('unqualified');
    expect(redPacketOpenRefusal({ ...open, partsLeft: 0 }, 150)).toBe('open_limit');
  });
});
