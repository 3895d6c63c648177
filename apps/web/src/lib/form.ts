import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from './api';
import { reasonText, remainingText, localizeErrors } from './errors';

/**
 * Forms validate with the contract's zod schemas. A zod issue becomes a reason code (`blank`, `too_long`…),
 * the same vocabulary the server answers with, so both kinds of error render through `errors.<reason>` in the
 * current language — switching language re-renders the message.
 */
export function issueReason(iss: { code: string; message?: string; minimum?: unknown; input?: unknown }): string {
  switch (iss.code) {
    case 'too_small':
      return iss.minimum === 1 || iss.input === '' ? 'blank' : 'too_short';
    case 'too_big':
      return 'too_long';
    case 'invalid_type':
      return iss.input === undefined || iss.input === null || iss.input === '' ? 'blank' : 'invalid';
    default:
      return 'invalid';
  }
}

export function formResolver<T extends Parameters<typeof zodResolver>[0]>(schema: T) {
  return zodResolver(schema as never, { error: (iss) => issueReason(iss as never) }) as never;
}

/** Text for a field's error: a reason code (client or server) rendered in the current language. */
export function fieldErrorText(t: TFunction, field: string, error: FieldError | undefined, meta: Record<string, unknown> = {}): string | undefined {
  if (!error?.message) return undefined;
  const text = reasonText(t, field, error.message, meta);
  if (error.type === 'server') {
    const extra = remainingText(t, meta);
    return extra ? `${text} ${extra}` : text;
  }
  return text;
}

/**
 * Puts the server's field reasons on the form's fields (as `type: 'server'`, message = reason code) and returns
 * localized messages for everything else (`base`, unknown fields).
 * `aliases` maps a server field to a form field (e.g. `phone_number` → `login`).
 */
export function applyServerErrors<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
  aliases: Record<string, string> = {},
): string[] {
  if (!isApiError(error)) return localizeErrors(t, error).general;
  const general: string[] = [];
  const rest: Record<string, string[]> = {};
  let first = true;
  for (const [serverField, reasons] of Object.entries(error.errors)) {
    const field = aliases[serverField] ?? serverField;
    const reason = reasons[0];
    if (!reason) continue;
    if (field !== 'base' && formFields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message: reason }, { shouldFocus: first });
      first = false;
    } else rest[serverField] = reasons;
  }
  if (Object.keys(rest).length > 0 || Object.keys(error.errors).length === 0) {
    general.push(...localizeErrors(t, new ApiError(error.status, rest, error.meta)).general);
  }
  return general;
}
