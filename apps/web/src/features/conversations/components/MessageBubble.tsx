import type { PrivateMessage } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';
import { SkuCard } from '../../../ui/SkuCard';
import { formatDateTime, isoDateTime } from '../../../lib/dates';

/** One message: the reader's own on the right; a shared game as a card with its live price (or a note where it is not sold). */
export function MessageBubble({ message }: { message: PrivateMessage }) {
  const { t, i18n } = useTranslation();
  const time = formatDateTime(message.created_at_timestamp, i18n.language);
  return (
    <div className={cn('flex flex-col gap-1', message.own ? 'items-end' : 'items-start')} data-testid="message" data-own={message.own} data-kind={message.kind}>
      {message.kind === 'game' ? (
        <div className="w-full max-w-md" data-testid="message-game">
          {message.relation.game ? <SkuCard sku={message.relation.game} variant="row" /> : (
            <p className="rounded-2xl bg-ink-800 px-4 py-2 text-sm text-muted">{t('conversations.game_unavailable')}</p>
          )}
        </div>
      ) : null}
      {message.content ? (
        <p
          className={cn(
            'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-sm',
            message.own ? 'bg-accent text-accent-ink' : 'bg-ink-800 text-fg ring-1 ring-ink-700',
          )}
          data-testid="message-content"
        >
          {message.content}
        </p>
      ) : null}
      <time className="text-xs text-subtle" dateTime={isoDateTime(message.created_at_timestamp)}>{time}</time>
    </div>
  );
}
