import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { communityRefusal } from './communityErrors';

describe('communityRefusal', () => {
  it('opens the mute dialog for is_mute and for a warn ban, with the unmute time', () => {
    expect(communityRefusal(new ApiError(403, { base: ['is_mute'] }, { unmute_at_timestamp: 1_800_000_000 }))).toEqual({ kind: 'muted', unmuteAt: 1_800_000_000 });
    expect(communityRefusal(new ApiError(403, { base: ['banned'] }, {}))).toEqual({ kind: 'muted', unmuteAt: null });
  });

  it('shows the rate-limit text for access_wait and rate_limit', () => {
    expect(communityRefusal(new ApiError(429, { base: ['access_wait'] }, { retry_after: 12 }))).toEqual({ kind: 'rate_limit', retryAfter: 12 });
    expect(communityRefusal(new ApiError(429, { base: ['rate_limit'] }, {}))).toEqual({ kind: 'rate_limit', retryAfter: null });
  });

  it('says nothing for a banned word, and leaves sign-in and other failures to the caller', () => {
    expect(communityRefusal(new ApiError(422, { censor_words: ['banned'] }, {}))).toEqual({ kind: 'silent' });
    expect(communityRefusal(new ApiError(401, { base: ['unauthorized'] }, {}))).toEqual({ kind: 'sign_in' });
    expect(communityRefusal(new ApiError(422, { target_id: ['taken'] }, {}))).toEqual({ kind: 'other' });
    expect(communityRefusal(new ApiError(403, { base: ['forbidden'] }, {}))).toEqual({ kind: 'other' });
    expect(communityRefusal(new Error('boom'))).toEqual({ kind: 'other' });
  });
});
