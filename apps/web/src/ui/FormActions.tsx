import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './Button';

/**
 * The end of a form in a dialog or a panel: cancel and submit, side by side from the small breakpoint with the
 * submit on the right, stacked on a phone with the submit on top (where the thumb is), as the Modal footer lays
 * out its buttons. `cancelLabel` defaults to "Cancel", `submitLabel` to "Save".
 */
export function FormActions({
  onCancel,
  submitting,
  cancelLabel,
  submitLabel,
  submitVariant = 'primary',
}: {
  onCancel: () => void;
  submitting: boolean;
  cancelLabel?: string;
  submitLabel?: string;
  submitVariant?: ButtonVariant;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel ?? t('ui.cancel')}
      </Button>
      <Button type="submit" variant={submitVariant} loading={submitting}>
        {submitLabel ?? t('ui.save')}
      </Button>
    </div>
  );
}
