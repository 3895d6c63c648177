import { describe, expect, it } from 'vitest';
import { accountCompletionNeeds, type CompletionFacts } from './account-completion.ts';

const user: CompletionFacts = { area: 'native', staff: false, identified: false, hasPhone: false, hasPassword: true };

describe('accountCompletionNeeds', () => {
  it('never asks for a new password when the account has one (right after a sign-up that set it)', () => {
    expect(accountCompletionNeeds({ ...user, area: 'abroad' })).toEqual([]);
    expect(accountCompletionNeeds({ ...user, hasPhone: true })).toEqual([]);
  });
  it('asks a password of an account without one, and a phone on the mainland of one with neither phone nor identity', () => {
    expect(accountCompletionNeeds({ ...user, hasPassword: false, area: 'abroad' })).toEqual(['password']);
    expect(accountCompletionNeeds(user)).toEqual(['phone']);
    expect(accountCompletionNeeds({ ...user, hasPassword: false })).toEqual(['phone', 'password']);
    expect(accountCompletionNeeds({ ...user, identified: true })).toEqual([]);
  });
  it('asks nothing of staff accounts', () => {
    expect(accountCompletionNeeds({ ...user, staff: true, hasPassword: false })).toEqual([]);
  });
});
