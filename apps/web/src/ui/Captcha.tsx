import { useCallback, useEffect, useRef, useState } from 'react';
import { get, type FieldError, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../lib/codes';
import { fieldErrorText } from '../lib/form';
import { TextField } from './TextField';
import { Spinner } from './Spinner';

export interface CaptchaState {
  id: string | null;
  svg: string | null;
  loading: boolean;
  failed: boolean;
  refresh: () => void;
}

/** An image captcha from POST /api/captchas; `enabled` loads one (on mount or when the server asks). */
export function useCaptcha(enabled: boolean): CaptchaState {
  const [state, setState] = useState<{ id: string | null; svg: string | null; loading: boolean; failed: boolean }>({
    id: null,
    svg: null,
    loading: false,
    failed: false,
  });
  const seq = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true, failed: false }));
    fetchCaptcha().then(
      (c) => {
        if (mine === seq.current) setState({ id: c.captcha_id, svg: c.svg, loading: false, failed: false });
      },
      () => {
        if (mine === seq.current) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, []);
  useEffect(() => {
    if (enabled) refresh();
  }, [enabled, refresh]);
  return { ...state, refresh };
}

export interface CaptchaFieldProps {
  captcha: CaptchaState;
  value: string;
  onChange: (v: string) => void;
  onFocus?: () => void;
  error?: string | null;
  name?: string;
}

/** The answer box with the image beside it; clicking the image loads a new one. */
export function CaptchaField({ captcha, value, onChange, onFocus, error, name = 'captcha' }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('fields.captcha')}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onFocus={onFocus}
      error={error}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      required
      maxLength={16}
      placeholder={t('auth.captcha_placeholder')}
      trailing={
        <button
          type="button"
          onClick={captcha.refresh}
          className="relative grid h-11 w-28 shrink-0 place-items-center overflow-hidden rounded-lg bg-[#f4f1ea] ring-1 ring-ink-600 sm:w-32"
          aria-label={t('auth.captcha_refresh')}
          title={t('auth.captcha_refresh')}
          data-captcha-id={captcha.id ?? undefined}
        >
          {captcha.svg ? (
            <img
              alt={t('auth.captcha_image')}
              className="h-full w-full object-contain"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
            />
          ) : captcha.failed ? (
            <span className="text-xs text-ink-700">{t('auth.captcha_retry')}</span>
          ) : (
            <Spinner className="text-ink-700" />
          )}
        </button>
      }
    />
  );
}

/**
 * A captcha that is a field of a react-hook-form form (`captcha` unless told): typing sets the field and clears
 * its error, and the field's error shows under it.
 */
export function FormCaptchaField<T extends FieldValues>({ form, captcha, field = 'captcha' as Path<T> }: { form: UseFormReturn<T>; captcha: CaptchaState; field?: Path<T> }) {
  const { t } = useTranslation();
  const { watch, setValue, clearErrors, formState } = form;
  return (
    <CaptchaField
      captcha={captcha}
      value={String(watch(field) ?? '')}
      onChange={(v) => {
        setValue(field, v as PathValue<T, Path<T>>);
        clearErrors(field);
      }}
      error={fieldErrorText(t, 'captcha', get(formState.errors, field) as FieldError | undefined)}
    />
  );
}
