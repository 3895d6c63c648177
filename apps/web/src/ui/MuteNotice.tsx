import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';
import { formatDateTime } from '../lib/dates';

function until(t: (k: string, o?: Record<string, unknown>) => string, unmuteAt?: number | null, lang?: string) {
  if (!unmuteAt) return null;
  return t('mute.until', { time: formatDateTime(unmuteAt, lang ?? 'zh-CN') });
}

/** Community-muted notice (docs/product/screens.md#mute-notice): a short explanation, the contact-staff text and an OK button. */
export function MuteNotice({ open, onOpenChange, unmuteAt }: { open: boolean; onOpenChange: (o: boolean) => void; unmuteAt?: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('mute.notice_title')}
      footer={
        <Button onClick={() => onOpenChange(false)} autoFocus>
          {t('ui.ok')}
        </Button>
      }
    >
      <p className="text-sm text-muted">{t('mute.notice_body')}</p>
      {unmuteAt ? <p className="mt-2 text-sm text-fg">{until(t, unmuteAt, i18n.language)}</p> : null}
      <p className="mt-3 text-sm text-subtle">{t('mute.contact_staff')}</p>
    </Modal>
  );
}

/** Mute dialog for banned users (docs/product/screens.md#mute-notice): says how to reach the staff. */
export function MuteDialog({ open, onOpenChange, unmuteAt }: { open: boolean; onOpenChange: (o: boolean) => void; unmuteAt?: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('mute.dialog_title')}
      footer={
        <Button onClick={() => onOpenChange(false)} autoFocus>
          {t('ui.got_it')}
        </Button>
      }
    >
      <p className="text-sm text-muted">{t('errors.user_muted')}</p>
      {unmuteAt ? <p className="mt-2 text-sm text-fg">{until(t, unmuteAt, i18n.language)}</p> : null}
      <p className="mt-3 rounded-lg bg-ink-900 px-3 py-2.5 text-sm text-fg ring-1 ring-ink-700">{t('errors.contact_personnel')}</p>
    </Modal>
  );
}

/**
 * The community-muted notice in place of a writing box (docs/product/screens.md#mute-notice): a muted
 * viewer sees why they cannot write here, until when, and how to reach the staff, instead of a box whose
 * every send would be refused.
 */
export function MuteNoticeInline({ unmuteAt }: { unmuteAt?: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="note" className="rounded-lg bg-ink-900 p-3 text-sm ring-1 ring-ink-700" data-testid="mute-notice-inline">
      <p className="font-semibold text-fg">{t('mute.notice_title')}</p>
      <p className="mt-1 text-muted">{t('mute.notice_body')}</p>
      {unmuteAt ? <p className="mt-1 text-fg">{until(t, unmuteAt, i18n.language)}</p> : null}
      <p className="mt-2 text-subtle">{t('mute.contact_staff')}</p>
    </div>
  );
}
