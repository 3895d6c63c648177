import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Broadcast } from '@lantern/contract';
import { isSameOriginPath } from '@lantern/domain';
import { formatDate, useLanguage } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { BellIcon } from '../../../ui/icons';

/** The site's announcements, newest first; opening or marking one records that this account read it. */
export function BroadcastList({ broadcasts, onRead }: { broadcasts: readonly Broadcast[]; onRead: (id: number) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (broadcasts.length === 0) return <EmptyState icon={<BellIcon className="size-6" />} title={t('notifications.empty')} />;
  return (
    <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-ink-700" data-testid="broadcast-list">
      {broadcasts.map((b) => {
        const body = (
          <>
            <p className="text-sm font-semibold text-fg">{b.title}</p>
            <p className="mt-1 text-sm text-muted">{b.content}</p>
            <time className="mt-1 block text-xs text-subtle">{formatDate(b.created_at_timestamp, language)}</time>
          </>
        );
        return (
          <li key={b.id} className={cn('flex items-start gap-3 px-4 py-4 sm:px-5', !b.read && 'bg-ink-850')} data-testid="broadcast-item" data-read={b.read}>
            <span aria-hidden className={cn('mt-2 size-2 shrink-0 rounded-full', b.read ? 'bg-transparent' : 'bg-accent')} />
            {/* Staff can only save paths of this site; one stored before that rule is shown without its link. */}
            {isSameOriginPath(b.href) ? (
              <Link to={b.href} onClick={() => !b.read && onRead(b.id)} className="min-w-0 flex-1">{body}</Link>
            ) : (
              <div className="min-w-0 flex-1">{body}</div>
            )}
            {!b.read ? (
              <button type="button" onClick={() => onRead(b.id)} className="shrink-0 text-xs font-medium text-muted hover:text-fg">{t('notifications.mark_read')}</button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
