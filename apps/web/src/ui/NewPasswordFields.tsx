import type { FieldError, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../lib/form';
import { passwordReason } from '../lib/rules';
import { NewPasswordField } from './NewPasswordField';
import { PasswordStrength } from './PasswordStrength';
import { TextField } from './TextField';

/** The two fields every password-setting form names the same way, as the API does. */
type PasswordPair = { password: string; password_confirmation: string };

export interface NewPasswordFieldsProps<T extends FieldValues & PasswordPair> {
  form: UseFormReturn<T>;
  /** The first field's label: `fields.new_password` unless told (sign-up says `fields.password`). */
  label?: string;
  /**
   * `stacked` (default): one above the other, the strength meter under the password.
   * `side-by-side`: two columns from the small breakpoint, the meter under both (sign-up).
   */
  layout?: 'stacked' | 'side-by-side';
}

/**
 * A new password and its confirmation, as the sign-up, password-reset and appeal-reset forms ask for them: the
 * password rule checked as it is typed (docs/product/accounts.md#passwords), the confirmation required and equal
 * to it, each field's error cleared when it changes, and the strength meter. Renders the fields only (no form).
 */
export function NewPasswordFields<T extends FieldValues & PasswordPair>({ form, label, layout = 'stacked' }: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  const password = 'password' as Path<T>;
  const confirmation = 'password_confirmation' as Path<T>;
  const { register, clearErrors, getValues, watch, formState } = form;
  const errors = formState.errors as Partial<Record<keyof PasswordPair, FieldError>>;
  const typed = watch(password) as PathValue<T, Path<T>> & string;
  const sideBySide = layout === 'side-by-side';

  const fields = (
    <>
      <NewPasswordField
        label={label ?? t('fields.new_password')}
        strength={sideBySide ? undefined : typed}
        error={fieldErrorText(t, 'password', errors.password)}
        {...register(password, { validate: (v: string) => passwordReason(v) ?? true, onChange: () => clearErrors(password) })}
      />
      <TextField
        label={t('fields.password_confirmation')}
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrorText(t, 'password_confirmation', errors.password_confirmation)}
        {...register(confirmation, {
          validate: (v: string) => (!v ? 'blank' : v === getValues(password) ? true : 'confirmation'),
          onChange: () => clearErrors(confirmation),
        })}
      />
    </>
  );
  if (!sideBySide) return fields;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">{fields}</div>
      <PasswordStrength password={typed} />
    </>
  );
}
