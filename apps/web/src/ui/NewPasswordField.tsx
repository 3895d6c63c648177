import { useTranslation } from 'react-i18next';
import { PasswordStrength } from './PasswordStrength';
import { TextField, type TextFieldProps } from './TextField';

/**
 * A new password as every form asks for it (sign-up, password reset, completing an account): required, the
 * password rule as its hint, the browser's new-password autofill, and the strength meter under it when the
 * typed `strength` is given (sign-up places its meter below the confirmation instead).
 */
export function NewPasswordField({ strength, ...field }: Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'hint'> & { strength?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField type="password" autoComplete="new-password" required hint={t('auth.password_hint')} {...field} />
      {strength !== undefined ? <PasswordStrength password={strength} /> : null}
    </>
  );
}
