import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESTRUCTIVE_MODERATION_ACTIONS, MUTE_DAYS_MAX, type ModerationAction } from '@lantern/domain';
import { errorToText } from '../../../../lib/errors';
import { Button, buttonClass } from '../../../../ui/Button';
import { Modal } from '../../../../ui/Modal';
import { SelectField, TextAreaField } from '../../../../ui/TextField';
import { WarningDialog } from '../../../../ui/WarningDialog';
import { toast } from '../../../../ui/toastStore';
import { useModerate, type ModerationInput, type ModerationTarget } from '../api/moderate';

const itemClass = 'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-ink-700';

/** The mute lengths offered, in days (the API takes any up to MUTE_DAYS_MAX). */
export const MUTE_CHOICES = [1, 3, 7, 30, 365].filter((d) => d <= MUTE_DAYS_MAX);

/** Plain text as the official reply's HTML: one paragraph per line, escaped (the server sanitises it again). */
export function paragraphsOf(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text.split(/\n+/).map((l) => l.trim()).filter(Boolean).map((l) => `<p>${escape(l)}</p>`).join('');
}

export interface ModerationMenuProps {
  target: ModerationTarget;
  /** The actions the viewer may take here (domain `moderationActionsFor`, from the server's permissions). */
  actions: ModerationAction[];
  /** Names the item in the dialogs ("the post by X"). */
  subject: string;
  /** After a delete: the page of something gone moves on. */
  onDeleted?: () => void;
  className?: string;
}

/**
 * The moderation menu on a post, comment or talk (docs/product/community.md#moderation-on-the-web). Loaded only
 * for viewers whose permissions give them an action, so readers never download it. Hide, delete and mute ask
 * first; every action ends in a toast and the page read again.
 */
export function ModerationMenu({ target, actions, subject, onDeleted, className }: ModerationMenuProps) {
  const { t } = useTranslation();
  const moderate = useModerate(target);
  const [asking, setAsking] = useState<ModerationAction | null>(null);
  const [reply, setReply] = useState('');
  const [days, setDays] = useState(String(MUTE_CHOICES[2]));
  const [reason, setReason] = useState('');
  const run = (input: ModerationInput) =>
    moderate.mutate(input, {
      onSuccess: () => {
        setAsking(null);
        toast.success(t(`moderation.done_${input.action}`));
        if (input.action === 'delete') onDeleted?.();
      },
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  const choose = (action: ModerationAction) => {
    if (DESTRUCTIVE_MODERATION_ACTIONS.includes(action) || action === 'official_reply') setAsking(action);
    else run({ action });
  };
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger className={className ?? buttonClass('ghost', 'sm')} data-testid="moderation-menu" aria-label={t('moderation.menu_for', { subject })}>
          {t('moderation.menu')}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={6} className="animate-dialog z-50 w-56 rounded-xl bg-ink-800 p-1.5 shadow-2xl ring-1 ring-ink-600">
            {actions.map((action) => (
              <Menu.Item
                key={action}
                className={`${itemClass} ${DESTRUCTIVE_MODERATION_ACTIONS.includes(action) ? 'text-danger' : 'text-fg'}`}
                onSelect={() => choose(action)}
                data-testid={`moderate-${action}`}
              >
                {t(`moderation.action_${action}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <WarningDialog
        open={asking === 'hide' || asking === 'delete'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t(`moderation.confirm_${asking === 'delete' ? 'delete' : 'hide'}_title`)}
        body={t(`moderation.confirm_${asking === 'delete' ? 'delete' : 'hide'}_body`, { subject })}
        confirmText={t(`moderation.action_${asking === 'delete' ? 'delete' : 'hide'}`)}
        danger
        busy={moderate.isPending}
        onConfirm={() => run({ action: asking === 'delete' ? 'delete' : 'hide' })}
      />
      <Modal
        open={asking === 'mute_author'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('moderation.mute_title')}
        description={t('moderation.mute_body', { subject })}
        footer={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)}>{t('ui.cancel')}</Button>
            <Button variant="danger" loading={moderate.isPending} disabled={reason.trim() === ''} data-testid="mute-confirm"
              onClick={() => run({ action: 'mute_author', mute: { days: Number(days), reason: reason.trim() } })}>
              {t('moderation.action_mute_author')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <SelectField label={t('moderation.mute_days')} value={days} onChange={(e) => setDays(e.target.value)}>
            {MUTE_CHOICES.map((d) => <option key={d} value={d}>{t('moderation.days', { count: d })}</option>)}
          </SelectField>
          <TextAreaField label={t('moderation.mute_reason')} value={reason} maxLength={200} rows={3} required onChange={(e) => setReason(e.target.value)} />
        </div>
      </Modal>
      <Modal
        open={asking === 'official_reply'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('moderation.official_title')}
        description={t('moderation.official_body')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)}>{t('ui.cancel')}</Button>
            <Button loading={moderate.isPending} disabled={reply.trim() === ''} data-testid="official-confirm"
              onClick={() => run({ action: 'official_reply', officialReply: paragraphsOf(reply) })}>
              {t('moderation.official_send')}
            </Button>
          </>
        }
      >
        <TextAreaField label={t('moderation.official_label')} value={reply} rows={5} onChange={(e) => setReply(e.target.value)} />
      </Modal>
    </>
  );
}
