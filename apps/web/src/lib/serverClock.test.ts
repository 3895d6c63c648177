import { afterEach, describe, expect, it } from 'vitest';
import { betterSample, msToNextSecond, noteServerTime, resetServerClock, sampleOf, SAMPLE_MAX_AGE_MS, serverNowMs, serverOffsetMs } from './serverClock';

afterEach(() => resetServerClock());

describe('offset to server time', () => {
  it('takes the middle of the round trip as the moment the server read its clock', () => {
    // Sent at 1000, answered at 1200 (local); the server said 61_100: its clock is 60_000 ahead.
    expect(sampleOf(61_100, 1000, 1200)).toEqual({ offsetMs: 60_000, roundTripMs: 200, takenAtMs: 1200 });
    // A clock behind the server's gives a negative offset.
    expect(sampleOf(500, 10_000, 10_040).offsetMs).toBe(500 - 10_020);
  });

  it('keeps the sample with the shortest round trip, unless it is over a minute old', () => {
    const tight = sampleOf(5_000, 1_000, 1_020);
    const loose = sampleOf(5_400, 1_100, 1_900);
    expect(betterSample(tight, loose)).toBe(tight);
    expect(betterSample(loose, tight)).toBe(tight);
    const later = sampleOf(70_000, 1_000 + SAMPLE_MAX_AGE_MS + 500, 1_000 + SAMPLE_MAX_AGE_MS + 1_500);
    expect(betterSample(tight, later)).toBe(later);
    expect(betterSample(null, loose)).toBe(loose);
  });

  it('shifts server time by the kept offset; the local clock before any answer', () => {
    expect(serverNowMs(10_000)).toBe(10_000);
    noteServerTime(25_000, 9_990, 10_010);
    expect(serverOffsetMs()).toBe(15_000);
    expect(serverNowMs(10_000)).toBe(25_000);
    // A slower answer does not move it.
    noteServerTime(40_000, 10_000, 11_000);
    expect(serverOffsetMs()).toBe(15_000);
  });

  it('wakes just after the next whole server second', () => {
    expect(msToNextSecond(10_000)).toBe(1015);
    expect(msToNextSecond(10_990)).toBe(25);
    expect(msToNextSecond(10_999, 0)).toBe(1);
  });
});
