import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';

/**
 * The password the user already has, as a form asks for it to prove who they are: required, the browser's
 * current-password autofill, labelled "current password" unless the form says otherwise (sign-in says "password").
 */
export function CurrentPasswordField({ label, ...field }: Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'label'> & { label?: TextFieldProps['label'] }) {
  const { t } = useTranslation();
  return <TextField label={label ?? t('fields.current_password')} type="password" autoComplete="current-password" required {...field} />;
}
