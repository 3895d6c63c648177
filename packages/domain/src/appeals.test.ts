import { describe, expect, it } from 'vitest';
import {
  APPEAL_HOLD_HOURS, APPEAL_MAX_ATTACHMENTS, APPEAL_RESET_TOKEN_TTL_SECONDS, APPEAL_STATES, APPEAL_EVENTS, RECOVERY_HOLD_DAYS,
  appealEvidenceScore, appealHoldEndsAt, appealStateAt, appealTokenExpiresAt, appealTokenProblem, appealTransition, isAppealFinal,
  isUnderRecoveryHold, recoveryHoldEndsAt,
} from './appeals.ts';

describe('appeals', () => {
  it('has the designed limits', () => {
    expect(APPEAL_HOLD_HOURS).toBe(72);
    expect(APPEAL_RESET_TOKEN_TTL_SECONDS).toBe(900);
    expect(RECOVERY_HOLD_DAYS).toBe(15);
    expect(APPEAL_MAX_ATTACHMENTS).toBe(5);
  });

  it('moves filed → holding → resettable → completed, and nowhere else', () => {
    expect(appealTransition('filed', 'accept')).toBe('holding');
    expect(appealTransition('holding', 'hold_over')).toBe('resettable');
    expect(appealTransition('resettable', 'complete')).toBe('completed');
    expect(appealTransition('filed', 'reject')).toBe('rejected');
    expect(appealTransition('holding', 'deny')).toBe('denied');
    expect(appealTransition('resettable', 'deny')).toBe('denied');
    expect(appealTransition('filed', 'complete')).toBeNull();
    expect(appealTransition('holding', 'complete')).toBeNull();
    expect(appealTransition('holding', 'accept')).toBeNull();
    expect(appealTransition('completed', 'deny')).toBeNull();
    expect(appealTransition('resettable', 'reject')).toBeNull();
    const finals = APPEAL_STATES.filter(isAppealFinal);
    expect(finals).toEqual(['completed', 'rejected', 'denied']);
    for (const state of finals) for (const event of APPEAL_EVENTS) expect(appealTransition(state, event)).toBeNull();
  });

  it('ends the hold 72 hours after acceptance, lazily', () => {
    const accepted = Date.UTC(2026, 10, 1, 12);
    const ends = appealHoldEndsAt(accepted);
    expect(ends - accepted).toBe(72 * 3600 * 1000);
    expect(appealStateAt({ state: 'holding', hold_ends_at_ms: ends }, ends - 1)).toBe('holding');
    expect(appealStateAt({ state: 'holding', hold_ends_at_ms: ends }, ends)).toBe('resettable');
    expect(appealStateAt({ state: 'filed', hold_ends_at_ms: null }, ends)).toBe('filed');
    expect(appealStateAt({ state: 'denied', hold_ends_at_ms: ends }, ends + 1)).toBe('denied');
  });

  it('takes a token for 15 minutes, once, only while resettable', () => {
    const issued = Date.UTC(2026, 10, 4, 12);
    const expires = appealTokenExpiresAt(issued);
    expect(expires - issued).toBe(15 * 60 * 1000);
    expect(appealTokenProblem({ state: 'resettable', expires_at_ms: expires, used: false }, expires - 1)).toBeNull();
    expect(appealTokenProblem({ state: 'resettable', expires_at_ms: expires, used: false }, expires)).toBe('expired');
    expect(appealTokenProblem({ state: 'resettable', expires_at_ms: expires, used: true }, issued)).toBe('expired');
    expect(appealTokenProblem({ state: 'completed', expires_at_ms: expires, used: false }, issued)).toBe('expired');
    expect(appealTokenProblem({ state: 'denied', expires_at_ms: expires, used: false }, issued)).toBe('expired');
  });

  it('holds redeeming and the wallet 15 days after a reset', () => {
    const done = Date.UTC(2026, 10, 5);
    const until = recoveryHoldEndsAt(done);
    expect(until - done).toBe(15 * 86_400_000);
    expect(isUnderRecoveryHold(until, until - 1)).toBe(true);
    expect(isUnderRecoveryHold(until, until)).toBe(false);
    expect(isUnderRecoveryHold(null, done)).toBe(false);
  });

  it('scores the evidence for staff, the old password first', () => {
    const none = { password_matches: false, game_owned: false, email_matches: false, phone_matches: false, city_given: false, attachments: 0 };
    expect(appealEvidenceScore(none)).toBe(0);
    expect(appealEvidenceScore({ ...none, password_matches: true })).toBe(40);
    expect(appealEvidenceScore({ ...none, game_owned: true, email_matches: true })).toBe(35);
    expect(appealEvidenceScore({ password_matches: true, game_owned: true, email_matches: true, phone_matches: true, city_given: true, attachments: 9 })).toBe(100);
    expect(appealEvidenceScore({ ...none, password_matches: null, game_owned: null, attachments: 1 })).toBe(5);
  });
});
