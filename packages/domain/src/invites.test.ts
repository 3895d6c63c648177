import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, inviteCodeFrom, inviteLink, inviteRewardable, inviteSignUpState,
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
});
