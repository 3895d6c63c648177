import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { allTexts } from '../../../i18n/usage';
import { ApiError } from '../../../lib/api';
import { sendRefusalText } from './sendRefusal';

/** The spec's words for a refused private message (§8.4): user muted, target closed, else send failed. */
const t = ((key: string) => key) as unknown as TFunction;

describe('sendRefusalText', () => {
  it('says user_muted for a muted sender and target_closed_error for a missing or closed target', () => {
    expect(sendRefusalText(t, new ApiError(403, { base: ['user_muted'] }, { unmute_at_timestamp: 1 }))).toBe('conversations.user_muted');
    expect(sendRefusalText(t, new ApiError(422, { target_id: ['closed'] }))).toBe('conversations.target_closed_error');
  });

  it('says send_failed for a server failure, a network error or anything without a reason', () => {
    expect(sendRefusalText(t, new ApiError(500, {}))).toBe('conversations.send_failed');
    expect(sendRefusalText(t, new ApiError(503, { base: ['busy'] }))).toBe('conversations.send_failed');
    expect(sendRefusalText(t, new Error('boom'))).toBe('conversations.send_failed');
    // A watched word that blocks or would hold the words: the spec's table has only "send failed" for it.
    expect(sendRefusalText(t, new ApiError(422, { censor_words: ['banned'] }))).toBe('conversations.send_failed');
  });

  it('has every message of the section in both languages', () => {
    const en = allTexts('en') as { conversations: Record<string, string> };
    const zh = allTexts('zh-CN') as { conversations: Record<string, string> };
    expect(Object.keys(zh.conversations).sort()).toEqual(Object.keys(en.conversations).sort());
    for (const key of ['send_success', 'user_muted', 'send_failed', 'target_closed_error', 'delete_conversation_successful']) {
      expect(en.conversations).toHaveProperty(key);
    }
  });
});
