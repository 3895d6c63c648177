import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from './Button';
import { toast } from './toastStore';

/** Copies `text` to the clipboard; says "Copied" for a moment, or that copying failed (no permission). */
export function CopyButton({ text, label, size = 'sm', testId }: { text: string; label?: string; size?: ButtonSize; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <Button
      size={size}
      variant="secondary"
      data-testid={testId ?? 'copy'}
      aria-label={label ? `${t('ui.copy')} ${label}` : undefined}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          toast.fail(t('ui.copy_failed'));
        }
      }}
    >
      <span aria-live="polite">{copied ? t('ui.copied') : t('ui.copy')}</span>
    </Button>
  );
}
