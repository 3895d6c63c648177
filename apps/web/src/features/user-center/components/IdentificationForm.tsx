import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { reasonText, remainingText } from '../../../lib/errors';
import { idNumberReason, realNameReason } from '../../../lib/rules';
import { Button } from '../../../ui/Button';
import { FormAlert, TextField } from '../../../ui/TextField';
import { useIdentify } from '../api/identify';

type Field = 'name' | 'code';
interface FieldError {
  reason: string;
  /** Server errors also tell the remaining attempts (docs/product/accounts.md#identification). */
  meta?: Record<string, unknown>;
}

const validators: Record<Field, (v: string) => string | null> = { name: realNameReason, code: idNumberReason };

/**
 * Real-name identity binding (docs/product/screens.md#identification-form): real name and ID number. Focusing a field clears its error;
 * leaving a field validates it (real name not blank after trim; ID number by the resident-ID rule).
 * Server rejections land on their field or above the button, with the remaining attempts.
 */
export function IdentificationForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const identification = useIdentify();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [base, setBase] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (field: Field, value = values[field]) => {
    const reason = validators[field](value);
    setErrors((e) => ({ ...e, [field]: reason ? { reason } : undefined }));
    return !reason;
  };
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const text = (field: string, err?: FieldError) => {
    if (!err) return undefined;
    const keyed = t(`identification.reason_${field}_${err.reason}`, { defaultValue: '' });
    const main = keyed || reasonText(t, field, err.reason);
    const extra = err.meta ? remainingText(t, err.meta) : '';
    return extra ? `${main} ${extra}` : main;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const okName = validate('name');
    const okCode = validate('code');
    if (!okName || !okCode) return;
    setBusy(true);
    setBase(null);
    try {
      // Resolves once the account has been refetched as identified.
      await identification.mutateAsync({ name: values.name.trim(), code: values.code.trim().toUpperCase() });
      onDone?.();
    } catch (err) {
      if (!isApiError(err)) {
        setBase({ reason: 'unknown' });
        return;
      }
      const next: Partial<Record<Field, FieldError>> = {};
      let baseErr: FieldError | null = null;
      for (const [field, reasons] of Object.entries(err.errors)) {
        const reason = reasons[0];
        if (!reason) continue;
        if (field === 'name' || field === 'code') next[field] = { reason, meta: err.meta };
        else baseErr ??= { reason, meta: err.meta };
      }
      if (!baseErr && Object.keys(next).length === 0) baseErr = { reason: err.status >= 500 ? 'server_error' : 'failed', meta: err.meta };
      setErrors(next);
      setBase(baseErr);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, extra: Record<string, unknown>) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      required
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      onFocus={() => clear(name)}
      onBlur={(e) => validate(name, e.target.value)}
      error={text(name, errors[name])}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="identification-form">
      <p className="rounded-lg bg-ink-900 px-3 py-2.5 text-xs leading-relaxed text-muted ring-1 ring-ink-700">{t('identification.privacy')}</p>
      {field('name', t('fields.real_name'), { autoComplete: 'name', maxLength: 30 })}
      {field('code', t('fields.credential_num'), { autoComplete: 'off', maxLength: 18, spellCheck: false })}
      {base ? <FormAlert>{text('base', base)}</FormAlert> : null}
      <Button type="submit" size="lg" block loading={busy}>
        {t('identification.submit')}
      </Button>
    </form>
  );
}
