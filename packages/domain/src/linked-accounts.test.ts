import { describe, expect, it } from 'vitest';
import { achievementPercent, bindingProblem, steamDataShared, steamError, steamReviewsError } from './linked-accounts.ts';

describe('steam errors', () => {
  it('say unbind without a Steam account, hidden for a private profile, nothing for a public one', () => {
    expect(steamError(false, true)).toBe('unbind');
    expect(steamError(true, false)).toBe('hidden');
    expect(steamError(true, true)).toBeNull();
  });
});

describe('binding', () => {
  const base = { accountId: 1, boundToThisAccount: null, ownerOfExternal: null, externalId: '76561190000000001' };
  it('allows a free outside account on an account without one of its kind', () => {
    expect(bindingProblem(base)).toBeNull();
  });
  it('refuses an outside account bound to someone else', () => {
    expect(bindingProblem({ ...base, ownerOfExternal: 2 })).toBe('taken');
  });
  it('refuses a second account of the same kind', () => {
    expect(bindingProblem({ ...base, boundToThisAccount: '76561190000000002' })).toBe('already_bound');
  });
  it('treats binding the same pair again as nothing to do', () => {
    expect(bindingProblem({ ...base, boundToThisAccount: base.externalId, ownerOfExternal: 1 })).toBeNull();
  });
});

describe('Steam reviews on a personal page', () => {
  const base = { bound: true, publicProfile: true, showSteamReview: true, viewerIsOwner: false };
  it('are shown to others only while the owner shows them; the owner always sees their own', () => {
    expect(steamReviewsError(base)).toBeNull();
    expect(steamReviewsError({ ...base, showSteamReview: false })).toBe('not_shown');
    expect(steamReviewsError({ ...base, showSteamReview: false, viewerIsOwner: true })).toBeNull();
  });
  it('say unbind or hidden as for games, but not_shown first, so a turned-off tab tells nothing about the binding', () => {
    expect(steamReviewsError({ ...base, bound: false })).toBe('unbind');
    expect(steamReviewsError({ ...base, publicProfile: false })).toBe('hidden');
    expect(steamReviewsError({ ...base, bound: false, showSteamReview: false })).toBe('not_shown');
  });
});

describe('achievements', () => {
  it('count the unlocked share in whole percent, 100 only when all are unlocked', () => {
    expect(achievementPercent(0, 0)).toBe(0);
    expect(achievementPercent(1, 3)).toBe(33);
    expect(achievementPercent(199, 200)).toBe(99);
    expect(achievementPercent(50, 50)).toBe(100);
    expect(achievementPercent(60, 50)).toBe(100);
  });
});

describe('Steam data shared with others', () => {
  it('only after the owner acknowledged the responsibility declaration; the owner always sees their own', () => {
    expect(steamDataShared({ acknowledged: true, viewerIsOwner: false })).toBe(true);
    expect(steamDataShared({ acknowledged: false, viewerIsOwner: false })).toBe(false);
    expect(steamDataShared({ acknowledged: false, viewerIsOwner: true })).toBe(true);
  });
});
