import type { CodePurpose } from '@lantern/contract';
import { classifyLogin } from '@lantern/domain';
import { useState } from 'react';
import { get, type FieldError, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldErrorText } from '../lib/form';
import { codeReason, emailReason, phoneReason } from '../lib/rules';
import { useSite } from '../lib/site';
import { CaptchaField, FormCaptchaField, type CaptchaState } from './Captcha';
import { CodeField } from './CodeField';
import { SendCodeButton } from './SendCodeButton';
import { TextField, type TextFieldProps } from './TextField';
import { asksForCaptcha, useOnDemandCaptcha } from './useOnDemandCaptcha';

/** What the contact field holds: an e-mail, a phone number, or either (`login`, the code type follows what was typed). */
export type ContactKind = 'email' | 'phone' | 'login';

/**
 * The captcha sent along with the code request:
 * - `'on-demand'` (default): hidden until the server asks for one; it is not a field of the form.
 * - `'none'`: never sent.
 * - `{ field, state }`: a captcha the form shows all the time and submits itself (sign-up). It is sent with the
 *   code request only once the server asked, and replaced after a send that spent it.
 */
export type ContactCodeCaptcha<T extends FieldValues> = 'on-demand' | 'none' | { field: Path<T>; state: CaptchaState };

export interface ContactCodeFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The form field holding the e-mail / phone number. */
  contact: Path<T>;
  kind: ContactKind;
  /** The form field holding the code; `code` unless told. */
  code?: Path<T>;
  purpose: CodePurpose;
  /** Defaults to the kind's own label (`fields.email`, `fields.phone_number`, `fields.login_contact`). */
  contactLabel?: string;
  contactInputProps?: Pick<TextFieldProps, 'placeholder' | 'inputMode'>;
  captcha?: ContactCodeCaptcha<T>;
  /**
   * On-demand captcha only: keep the captcha shown after a successful send instead of loading a fresh one
   * (the account dialogs have always done this; the next send then asks for a new one).
   */
  keepCaptchaAfterSend?: boolean;
  onSent?: () => void;
  /** The reasons of a failed send that belong to no field here (rate limits, an on-demand captcha's reasons…). */
  onSendErrors: (general: string[]) => void;
}

const CONTACT = {
  email: { label: 'fields.email', type: 'email', autoComplete: 'email', errorField: 'email' },
  phone: { label: 'fields.phone_number', type: 'tel', autoComplete: 'tel', errorField: 'phone_number' },
  login: { label: 'fields.login_contact', type: undefined, autoComplete: 'username', errorField: 'login' },
} as const;

function loginReason(v: string): string | null {
  if (!v.trim()) return 'blank';
  return classifyLogin(v) === 'nickname' ? 'email_or_phone' : null;
}

/**
 * The contact field (e-mail / phone, validated), a captcha when one is due, and the code field whose
 * "Send code" button sends a code of `purpose` to the contact. Renders the fields only (no wrapper), so it
 * sits in the form's own layout.
 */
export function ContactCodeFields<T extends FieldValues>({
  form,
  contact,
  kind,
  code = 'code' as Path<T>,
  purpose,
  contactLabel,
  contactInputProps,
  captcha: captchaMode = 'on-demand',
  keepCaptchaAfterSend = false,
  onSent,
  onSendErrors,
}: ContactCodeFieldsProps<T>) {
  const { t } = useTranslation();
  const site = useSite();
  const onDemand = useOnDemandCaptcha();
  /** Form captcha only: the server wants the captcha with the code request too (too many codes to this address lately). */
  const [sendNeedsCaptcha, setSendNeedsCaptcha] = useState(false);
  const { register, formState, setError, clearErrors, getValues, setValue, trigger, watch } = form;
  const errors = formState.errors;
  const spec = CONTACT[kind];
  const formCaptcha = typeof captchaMode === 'object' ? captchaMode : null;

  const contactReason = (v: string) => (kind === 'email' ? emailReason(v) : kind === 'phone' ? phoneReason(v, site.area) : loginReason(v));
  const sendType = kind === 'email' ? 'Email' : kind === 'phone' ? 'Sms' : classifyLogin(String(watch(contact) ?? '')) === 'email' ? 'Email' : 'Sms';
  const aliases = { email: contact, phone_number: contact, target: contact };
  const clearFormCaptcha = (field: Path<T>) => setValue(field, '' as PathValue<T, Path<T>>);

  const getCaptcha = () => {
    if (formCaptcha) return sendNeedsCaptcha && formCaptcha.state.id ? { captcha_id: formCaptcha.state.id, captcha: String(getValues(formCaptcha.field)).trim() } : {};
    return onDemand.params();
  };

  const sent = () => {
    if (formCaptcha) {
      // A captcha answers once: if the code request spent it, the form needs a fresh one.
      clearErrors(formCaptcha.field);
      if (sendNeedsCaptcha) {
        setSendNeedsCaptcha(false);
        formCaptcha.state.refresh();
        clearFormCaptcha(formCaptcha.field);
      }
    } else if (captchaMode === 'on-demand' && !keepCaptchaAfterSend) onDemand.afterSend();
    onSent?.();
  };

  const failed = (err: unknown) => {
    if (formCaptcha) {
      if (asksForCaptcha(err)) {
        if (sendNeedsCaptcha) {
          formCaptcha.state.refresh();
          clearFormCaptcha(formCaptcha.field);
        }
        setSendNeedsCaptcha(true);
        setError(formCaptcha.field, { type: 'server', message: err.errors.captcha?.[0] ?? 'need_captcha' });
      }
    } else if (captchaMode === 'on-demand') onDemand.onSendError(err);
    // An on-demand captcha is not a field of the form: its reasons go with the general ones.
    onSendErrors(applyServerErrors(t, err, setError, formCaptcha ? [contact, formCaptcha.field] : [contact], aliases));
  };

  return (
    <>
      <TextField
        key={`${contact}-${kind}`}
        label={contactLabel ?? t(spec.label)}
        type={spec.type}
        autoComplete={spec.autoComplete}
        required
        {...contactInputProps}
        error={fieldErrorText(t, spec.errorField, get(errors, contact) as FieldError | undefined)}
        {...register(contact, { validate: (v) => contactReason(String(v)) ?? true, onChange: () => clearErrors(contact) })}
      />
      {formCaptcha ? (
        <FormCaptchaField form={form} captcha={formCaptcha.state} field={formCaptcha.field} />
      ) : onDemand.needed ? (
        <CaptchaField captcha={onDemand.captcha} value={onDemand.answer} onChange={onDemand.setAnswer} />
      ) : null}
      <CodeField
        error={fieldErrorText(t, 'code', get(errors, code) as FieldError | undefined)}
        trailing={
          <SendCodeButton
            type={sendType}
            purpose={purpose}
            getTarget={async () => ((await trigger(contact)) ? String(getValues(contact)).trim() : null)}
            getCaptcha={captchaMode === 'none' ? undefined : getCaptcha}
            onSent={sent}
            onError={failed}
          />
        }
        {...register(code, { validate: (v) => codeReason(String(v)) ?? true, onChange: () => clearErrors(code) })}
      />
    </>
  );
}
