import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * Responsibility declaration (docs/product/screens.md#responsibility-dialog): the user's Steam play data (games played, play time, used for game
 * evaluation) is shared. `acknowledge` variant: "I have got it", plus "unbound temporarily" when no Steam
 * account is bound. `decide` variant: continue or give up, asked when leaving the editor with unsaved text
 * (decisions/0019). A button calls its callback and the host closes the dialog by its own state;
 * `onOpenChange(false)` means the user dismissed it without answering (Escape, ×).
 */
export interface ResponsibilityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  variant?: 'acknowledge' | 'decide';
  steamBound?: boolean;
  onGotIt?: () => void;
  onUnboundTemporarily?: () => void;
  onContinue?: () => void;
  onGiveUp?: () => void;
}

export function ResponsibilityDialog({ open, onOpenChange, variant = 'acknowledge', steamBound = true, ...cb }: ResponsibilityDialogProps) {
  const { t } = useTranslation();
  const close = (fn?: () => void) => () => (fn ? fn() : onOpenChange(false));
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(variant === 'decide' ? 'responsibility.leave_title' : 'responsibility.title')}
      footer={
        variant === 'decide' ? (
          <>
            <Button variant="secondary" onClick={close(cb.onGiveUp)}>
              {t('responsibility.give_up')}
            </Button>
            <Button onClick={close(cb.onContinue)}>{t('responsibility.continue')}</Button>
          </>
        ) : (
          <>
            {steamBound ? null : (
              <Button variant="secondary" onClick={close(cb.onUnboundTemporarily)}>
                {t('responsibility.unbound_temporarily')}
              </Button>
            )}
            <Button onClick={close(cb.onGotIt)}>{t('responsibility.got_it')}</Button>
          </>
        )
      }
    >
      {variant === 'decide' ? (
        <p className="text-sm leading-relaxed text-muted">{t('responsibility.leave_body')}</p>
      ) : (
      <div className="space-y-3 text-sm leading-relaxed text-muted">
        <p>{t('responsibility.body')}</p>
        <ul className="list-inside list-disc space-y-1 text-fg/90">
          <li>{t('responsibility.item_games')}</li>
          <li>{t('responsibility.item_playtime')}</li>
          <li>{t('responsibility.item_evaluation')}</li>
        </ul>
        {steamBound ? null : <p className="text-subtle">{t('responsibility.not_bound')}</p>}
      </div>
      )}
    </Modal>
  );
}
