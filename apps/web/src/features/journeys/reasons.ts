import type { TFunction } from 'i18next';
import { journeyTaskMessage, redeemTaskFailure, shareTaskFailure } from '@lantern/domain';
import { isApiError } from '../../lib/api';

/** The first reason of a refusal, whatever its field. */
export function reasonOf(e: unknown): string | null {
  if (!isApiError(e)) return null;
  return Object.values(e.errors)[0]?.[0] ?? null;
}

/** A refused share (docs/product/engagement.md#journey-reasons): too frequent, outside the activity range, else the task message. */
export function shareProblem(t: TFunction, e: unknown): string {
  const reason = reasonOf(e);
  const failure = shareTaskFailure(reason);
  if (failure === 'too_frequent') return t('journeys.too_frequent');
  if (failure === 'not_in_range') return t('journeys.not_in_range');
  return t(`journeys.message_${journeyTaskMessage(reason)}`);
}

/** A refused code: a wrong one says the lowest-price discount password is wrong; out of time or auth the task messages; else "submission failed". */
export function redeemProblem(t: TFunction, e: unknown): string {
  const reason = reasonOf(e);
  if (reason === 'time_range_invalid' || reason === 'auth_invalid') return t(`journeys.message_${journeyTaskMessage(reason)}`);
  if (reason === 'access_wait') return t('journeys.too_frequent');
  if (reason === 'blank') return t('journeys.code_blank');
  return redeemTaskFailure(reason) === 'wrong_code' ? t('journeys.wrong_code') : t('journeys.submit_failed');
}

/** A refused opening: opened already, a coupon run out, else the task message. */
export function openProblem(t: TFunction, e: unknown): string {
  const reason = reasonOf(e);
  if (reason === 'opened') return t('journeys.already_opened');
  if (reason === 'exhausted' || reason === 'taken' || reason === 'inactive') return t('journeys.coupon_unavailable');
  return t(`journeys.message_${journeyTaskMessage(reason)}`);
}
