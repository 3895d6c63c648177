import type { TFunction } from 'i18next';
import { ApiError, isApiError } from './api';

/**
 * Server reasons → text in the current language (docs/product/errors.md). The body `{errors:{field:[reason]}, meta}`
 * becomes a message per field (for the form) and a list of whole-form messages (`base`, or fields the form
 * does not show). Identification errors also tell the remaining attempts from `meta`.
 */

export interface LocalizedErrors {
  /** field → first message, for fields the caller shows. */
  fields: Record<string, string>;
  /** Messages for the whole form: `base` and fields not shown by the form, prefixed with the field name. */
  general: string[];
}

/** Reasons whose text depends on the field they sit on: `errors.<field>_<reason>` overrides `errors.<reason>`. */
export function reasonText(t: TFunction, field: string, reason: string, meta: Record<string, unknown> = {}): string {
  const vars: Record<string, unknown> = { ...meta, field: fieldName(t, field) };
  const specific = `errors.${field}_${reason}`;
  if (t(specific, { defaultValue: '' }) !== '') return t(specific, vars);
  const key = `errors.${reason}`;
  const text = t(key, { ...vars, defaultValue: '' });
  return text !== '' ? text : t('errors.unknown', { reason });
}

export function fieldName(t: TFunction, field: string): string {
  const text = t(`fields.${field}`, { defaultValue: '' });
  return text !== '' ? text : field;
}

/** Adds "(N left today, M in total)" when the server says how many identification attempts remain. */
export function remainingText(t: TFunction, meta: Record<string, unknown>): string {
  const daily = meta.daily_remaining;
  const total = meta.total_remaining;
  if (typeof daily === 'number' && typeof total === 'number') return t('errors.remaining', { daily, total });
  if (typeof meta.remaining_attempts === 'number') return t('errors.remaining_attempts', { count: meta.remaining_attempts });
  return '';
}

export function localizeErrors(t: TFunction, error: unknown, shownFields: readonly string[] = []): LocalizedErrors {
  const out: LocalizedErrors = { fields: {}, general: [] };
  if (!isApiError(error)) {
    out.general.push(t('errors.unknown', { reason: '' }));
    return out;
  }
  const extra = remainingText(t, error.meta);
  const entries = Object.entries(error.errors);
  if (entries.length === 0) {
    out.general.push(statusText(t, error));
    return out;
  }
  for (const [field, reasons] of entries) {
    const reason = reasons[0];
    if (!reason) continue;
    let text = reasonText(t, field, reason, error.meta);
    if (extra) text = `${text} ${extra}`;
    if (field !== 'base' && shownFields.includes(field)) out.fields[field] = text;
    else if (field === 'base') out.general.push(text);
    else out.general.push(t('errors.with_field', { field: fieldName(t, field), message: text }));
  }
  return out;
}

/** One line for a toast: the first general message, else the first field message with its field name. */
export function errorToText(t: TFunction, error: unknown): string {
  const l = localizeErrors(t, error);
  return l.general[0] ?? Object.values(l.fields)[0] ?? t('errors.unknown', { reason: '' });
}

function statusText(t: TFunction, e: ApiError): string {
  if (e.status === 0) return t('errors.network');
  if (e.status === 404) return t('errors.not_found');
  if (e.status === 429) return t('errors.rate_limit');
  if (e.status >= 500) return t('errors.server_error');
  return t('errors.unknown', { reason: String(e.status) });
}
