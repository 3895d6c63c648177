import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';
import { formatDateTime } from '../lib/dates';

function until(t: (k: string, o?: Record<string, unknown>) => string, unmuteAt?: number | null, lang?: string) {
  if (!unmuteAt) return null;
  return t('mute.until', { time: formatDateTime(unmuteAt, lang ?? 'zh-CN') });
}

interface MuteModalProps {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  unmuteAt?: number | null;
}

/** The two mute modals differ only in their texts: a title, what happened, the OK button and how to reach the staff. */
function MuteModal({ open, onOpenChange, unmuteAt, title, body, ok, staff }: MuteModalProps & { title: string; body: string; ok: string; staff: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={title}
      footer={
        <Button onClick={() => onOpenChange(false)} autoFocus>
          {ok}
        </Button>
      }
    >
      <p className="text-sm text-muted">{body}</p>
      {unmuteAt ? <p className="mt-2 text-sm text-fg">{until(t, unmuteAt, i18n.language)}</p> : null}
      {staff}
    </Modal>
  );
}

/** Community-muted notice (docs/product/screens.md#mute-notice): a short explanation, the contact-staff text and an OK button. */
export function MuteNotice(props: MuteModalProps) {
  const { t } = useTranslation();
  return (
    <MuteModal
      {...props}
      title={t('mute.notice_title')}
      body={t('mute.notice_body')}
      ok={t('ui.ok')}
      staff={<p className="mt-3 text-sm text-subtle">{t('mute.contact_staff')}</p>}
    />
  );
}

/** Mute dialog for banned users (docs/product/screens.md#mute-notice): says how to reach the staff. */
export function MuteDialog(props: MuteModalProps) {
  const { t } = useTranslation();
  return (
    <MuteModal
      {...props}
      title={t('mute.dialog_title')}
      body={t('errors.user_muted')}
      ok={t('ui.got_it')}
      staff={<p className="mt-3 rounded-lg bg-ink-900 px-3 py-2.5 text-sm text-fg ring-1 ring-ink-700">{t('errors.contact_personnel')}</p>}
    />
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
