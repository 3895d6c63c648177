import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * Warning dialog (docs/product/screens.md#warning-dialog): title, body, confirm and cancel buttons, each with an optional sub-text.
 * `single` shows the confirm button alone; the default is the two-button variant.
 */
export interface WarningDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body?: ReactNode;
  confirmText?: ReactNode;
  confirmSubText?: ReactNode;
  cancelText?: ReactNode;
  cancelSubText?: ReactNode;
  onConfirm?: () => void;
  onCancel?: () => void;
  single?: boolean;
  danger?: boolean;
  busy?: boolean;
}

function Label({ text, sub }: { text: ReactNode; sub?: ReactNode }) {
  return (
    <span className="flex flex-col items-center leading-tight">
      <span>{text}</span>
      {sub ? <span className="text-[11px] font-normal opacity-80">{sub}</span> : null}
    </span>
  );
}

export function WarningDialog(p: WarningDialogProps) {
  const { t } = useTranslation();
  const hasSub = !!(p.confirmSubText || p.cancelSubText);
  return (
    <Modal
      open={p.open}
      onOpenChange={p.onOpenChange}
      size="sm"
      title={
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-accent/15 text-accent">
            !
          </span>
          {p.title}
        </span>
      }
      footer={
        <>
          {p.single ? null : (
            <Button
              variant="secondary"
              size={hasSub ? 'lg' : 'md'}
              onClick={() => {
                p.onCancel?.();
                p.onOpenChange(false);
              }}
            >
              <Label text={p.cancelText ?? t('ui.cancel')} sub={p.cancelSubText} />
            </Button>
          )}
          <Button
            variant={p.danger ? 'danger' : 'primary'}
            size={hasSub ? 'lg' : 'md'}
            loading={p.busy}
            onClick={() => {
              p.onConfirm?.();
              if (!p.busy) p.onOpenChange(false);
            }}
          >
            <Label text={p.confirmText ?? t('ui.confirm')} sub={p.confirmSubText} />
          </Button>
        </>
      }
    >
      {p.body ? <div className="text-sm leading-relaxed text-muted">{p.body}</div> : null}
    </Modal>
  );
}
