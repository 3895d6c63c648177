import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhenSignedIn } from '../lib/session';
import { cn } from './cn';
import { ReportDialog, type ReportSubject } from './ReportDialog';

export interface ReportActionProps {
  /** A report target type a community module registered with moderation: `post` (posts and reviews), `comment` (comments and replies). */
  targetType: string;
  targetId: number;
  /** What the dialog names and quotes (the kind, the author, a line of the text). */
  subject?: ReportSubject;
  className?: string;
}

/**
 * The "report" action of a post, comment or reply (docs/product/community.md#reports): a guest gets the
 * sign-in popup and nothing else; a member gets the report dialog. The host hides it on the viewer's own
 * content (the server refuses those with `target_id: invalid`).
 */
export function ReportAction({ targetType, targetId, subject, className }: ReportActionProps) {
  const { t } = useTranslation();
  const whenSignedIn = useWhenSignedIn();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={cn('hover:text-fg', className)} onClick={() => whenSignedIn(() => setOpen(true))} data-testid="report-open">
        {t('report.open')}
      </button>
      {open ? <ReportDialog open onOpenChange={setOpen} targetType={targetType} targetId={targetId} subject={subject} /> : null}
    </>
  );
}
