import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '@lantern/domain';
import { MODERATION_API } from '@lantern/contract';
import { api, isApiError } from '../lib/api';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextAreaField } from './TextField';
import { toast } from './toastStore';
import { useCommunityRefusal } from './useCommunityRefusal';

/**
 * What the reader is reporting, as they see it: its kind (a post and a review are both target type `post`, a
 * comment and a reply both `comment`), its author and a line of its text. The dialog names and quotes it, so
 * the reporter knows which of the page's comments or replies they are about to report.
 */
export interface ReportSubject {
  kind: 'post' | 'review' | 'comment' | 'reply' | 'headline';
  author: string;
  excerpt: string;
}

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is reported: a type a community module registered with moderation (post, comment, talk…) and its id. */
  targetType: string;
  targetId: number;
  subject?: ReportSubject;
}

/** The quoted line is kept short: the dialog names the content, it does not show it again. */
const QUOTE_MAX = 80;
const quoteOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return [...line].length > QUOTE_MAX ? `${[...line].slice(0, QUOTE_MAX).join('')}…` : line;
};

/**
 * The report dialog (docs/product/community.md#reports): a reason from the fixed list and optional text, sent to
 * POST /api/reports; "report_success" on success, "already reported" when an open report exists, the
 * rate-limit text when throttled, and otherwise the spec's plain failure prompt. A guest's 401 opens the
 * sign-in popup (the API client) and closes this.
 */
export function ReportDialog({ open, onOpenChange, targetType, targetId, subject }: ReportDialogProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const refusal = useCommunityRefusal();
  const close = () => {
    onOpenChange(false);
    setReason(null);
    setText('');
  };
  const send = useMutation({
    mutationFn: (body: { reason: ReportReason; text: string }) =>
      api.post(MODERATION_API.reports, { report: { target_type: targetType, target_id: targetId, reason: body.reason, ...(body.text.trim() ? { text: body.text.trim() } : {}) } }),
    onSuccess: () => {
      toast.success(t('report.success'));
      close();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return close();
      if (isApiError(error) && error.has('target_id', 'taken')) {
        toast.fail(t('report.taken'));
        return close();
      }
      if (!refusal.handle(error)) toast.fail(t('report.failed'));
    },
  });
  return (
    <>
      <Modal
        open={open}
        onOpenChange={(o) => (o ? onOpenChange(true) : close())}
        title={subject ? t(`report.title_${subject.kind}`) : t('report.title')}
        description={subject ? t('report.quote', { author: subject.author, excerpt: quoteOf(subject.excerpt) }) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('ui.cancel')}
            </Button>
            <Button disabled={reason === null || send.isPending} onClick={() => reason && send.mutate({ reason, text })}>
              {t('report.submit')}
            </Button>
          </>
        }
      >
        <fieldset className="space-y-3">
          <legend id={groupId} className="mb-2 text-sm font-medium text-fg">
            {t('report.reason_label')}
          </legend>
          <div role="radiogroup" aria-labelledby={groupId} className="grid gap-2 sm:grid-cols-2">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-fg ring-1 ring-ink-700 has-[:checked]:bg-ink-800 has-[:checked]:ring-accent"
              >
                <input type="radio" name={`${groupId}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4 shrink-0 accent-[var(--color-accent)]" />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
          </div>
          <TextAreaField
            label={t('report.text_label')}
            hint={t('report.text_hint', { max: REPORT_TEXT_MAX })}
            maxLength={REPORT_TEXT_MAX}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </fieldset>
      </Modal>
      {refusal.dialogs}
    </>
  );
}
