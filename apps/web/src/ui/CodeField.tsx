import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';

/**
 * A one-time code as every form asks for it: required, digits on a phone's keypad, the browser's one-time-code
 * autofill; the "Send code" button goes in `trailing`. Labelled "code" unless the form says otherwise.
 */
export function CodeField({ label, ...field }: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'required' | 'label'> & { label?: TextFieldProps['label'] }) {
  const { t } = useTranslation();
  return <TextField label={label ?? t('fields.code')} inputMode="numeric" autoComplete="one-time-code" required {...field} />;
}
