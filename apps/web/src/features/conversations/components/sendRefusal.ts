import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';

/**
 * The words for a refused message (docs/product/messaging.md#who-may-write): a muted sender reads "user muted", a missing or closed target
 * "target closed"; a refusal with a reason of its own says it, anything else "send failed". A watched word
 * (`censor_words: banned`) is "send failed" too: the spec's table names no other words for it, and the
 * community never says which word was found.
 */
export function sendRefusalText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('conversations.send_failed');
  if (error.has('base', 'user_muted')) return t('conversations.user_muted');
  if (error.has('target_id', 'closed')) return t('conversations.target_closed_error');
  if (error.status >= 500 || Object.keys(error.errors).length === 0 || error.has('censor_words', 'banned')) return t('conversations.send_failed');
  return errorToText(t, error);
}
