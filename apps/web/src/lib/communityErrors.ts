import { isApiError } from './api';

/**
 * What a refused community write means for the page (docs/product/community.md#moderation, docs/product/community.md#reply-codes):
 * - `sign_in`: a 401; the API client has already opened the sign-in popup.
 * - `muted`: 403 `is_mute` (staff muted the account) or `banned` (a warn ban): open the mute dialog, with
 *   the unmute time from `meta.unmute_at_timestamp`.
 * - `rate_limit`: 429 `access_wait` (too soon after the last one) or `rate_limit` (the day's budget spent):
 *   the rate-limit text; `retryAfter` in seconds when the server says.
 * - `silent`: 422 `censor_words: banned`, a blocked watched word: the spec says show nothing.
 * - `other`: anything else, for the caller's own message (send failed, taken…).
 */
export type CommunityRefusal =
  | { kind: 'sign_in' }
  | { kind: 'muted'; unmuteAt: number | null }
  | { kind: 'rate_limit'; retryAfter: number | null }
  | { kind: 'silent' }
  | { kind: 'other' };

export function communityRefusal(error: unknown): CommunityRefusal {
  if (!isApiError(error)) return { kind: 'other' };
  if (error.status === 401) return { kind: 'sign_in' };
  if (error.status === 403 && (error.has('base', 'is_mute') || error.has('base', 'banned'))) {
    const at = error.meta.unmute_at_timestamp;
    return { kind: 'muted', unmuteAt: typeof at === 'number' ? at : null };
  }
  if (error.status === 429 || error.has('base', 'access_wait') || error.has('base', 'rate_limit')) {
    const after = error.meta.retry_after;
    return { kind: 'rate_limit', retryAfter: typeof after === 'number' ? after : null };
  }
  if (error.has('censor_words', 'banned')) return { kind: 'silent' };
  return { kind: 'other' };
}
