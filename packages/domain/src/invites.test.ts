import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, commissionCents, inviteCodeFrom, inviteLink, inviteRewardable, inviteSignUpState,
  isInviteCodeShape, normalizeInviteCode, purchaseQualifies,
} from './invites.ts';

describe('invites', () => {
  it('makes codes of the alphabet without look-alikes, and recognises their shape', () => {
    let i = 0;
    const code = inviteCodeFrom((max) => i++ % max);
    expect(code).toHaveLength(INVITE_CODE_LENGTH);
    expect(isInviteCodeShape(code)).toBe(true);
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(isInviteCodeShape('ABCDEFG0')).toBe(false);
    expect(isInviteCodeShape('ABC')).toBe(false);
    expect(normalizeInviteCode(' abcd2345 ')).toBe('ABCD2345');
  });

  it('refuses self-invites, counts one sign-up per device or address in the window', () => {
    expect(inviteSignUpState({ inviterId: 7, inviteeId: 7, sameSourceRecently: 0 })).toBe('self');
    expect(inviteSignUpState({ inviterId: 7, inviteeId: 8, sameSourceRecently: 0 })).toBe('registered');
    expect(inviteSignUpState({ inviterId: 7, inviteeId: 9, sameSourceRecently: 1 })).toBe('duplicate');
  });

  it('rewards a registered invitee once; a duplicate or rewarded one never', () => {
    expect(inviteRewardable('registered')).toBe(true);
    expect(inviteRewardable('rewarded')).toBe(false);
    expect(inviteRewardable('duplicate')).toBe(false);
    expect(purchaseQualifies(1)).toBe(true);
    expect(purchaseQualifies(0)).toBe(false);
  });

  it('builds the invite link to the sign-up page', () => {
    expect(inviteLink('https://cn.lantern.test/', 'ABCD2345')).toBe('https://cn.lantern.test/sign_up?invite=ABCD2345');
  });

  it('computes commission in integer cents, rounded down, capped at 100 %', () => {
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
      }
    }
  });
});
