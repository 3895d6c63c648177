import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@lantern/contract';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useNotificationSentence } from '../../../lib/notificationText';
import { cn } from '../../../ui/cn';

/** One notification: the sentence, its excerpt and time, linking to what it tells of; an unread one can be marked read. */
export function NotificationItem({ notification: n, onRead }: { notification: Notification; onRead: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sentence = useNotificationSentence()({ kind: n.kind, actorName: n.actor?.nickname ?? null, count: n.actor_count, detail: n.detail });
  return (
    <li className={cn('flex items-start gap-3 px-4 py-4 sm:px-5', !n.read && 'bg-ink-850')} data-testid="notification-item" data-kind={n.kind} data-read={n.read}>
      <span aria-hidden className={cn('mt-2 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-accent')} />
      <Link to={n.href} onClick={() => !n.read && onRead()} className="min-w-0 flex-1 focus-visible:outline-none">
        <p className="text-sm font-semibold text-fg">{sentence}</p>
        {n.excerpt ? <p className="mt-1 line-clamp-2 text-sm text-muted">{n.excerpt}</p> : null}
        <time className="mt-1 block text-xs text-subtle" dateTime={new Date(n.updated_at_timestamp * 1000).toISOString()}>
          {formatDate(n.updated_at_timestamp, language)}
        </time>
      </Link>
      {!n.read ? (
        <button type="button" onClick={onRead} className="shrink-0 text-xs font-medium text-muted hover:text-fg" data-testid="notification-mark-read">
          {t('notifications.mark_read')}
        </button>
      ) : null}
    </li>
  );
}
