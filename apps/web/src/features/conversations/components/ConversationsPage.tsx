import { useInfiniteQuery } from '@tanstack/react-query';
import type { Conversation } from '@lantern/contract';
import { privateMessageExcerpt } from '@lantern/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { paths } from '../../../lib/paths';
import { CrumbNav, PageTitle } from '../../../ui/PageTitle';
import { pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { conversationsQuery } from '../api/conversations';
import { sharedProductLabel } from '../sharedProduct';
import { useLivePrivateMessages } from './useLivePrivateMessages';
import { formatDate, isoDateTime } from '../../../lib/dates';

/** What the list shows of the last message: its words, or the shared product's word and name. */
function lastMessageText(conversation: Conversation, language: string, t: TFunction): string {
  const message = conversation.message;
  if (!message) return '';
  const shared = message.relation.game;
  if (message.kind === 'game') return `${t(sharedProductLabel(shared?.kind ?? null))}${shared ? ` · ${pickText(shared.sku_names, language)}` : ''}`;
  return privateMessageExcerpt(message.content);
}

/** /messages/conversations: the reader's conversations, the latest first, 10 at a time (docs/product/messaging.md#private-messages). */
export function ConversationsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentTitle(t('conversations.title'));
  useLivePrivateMessages();
  const list = useInfiniteQuery(conversationsQuery);
  const conversations = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="conversations-page">
      <CrumbNav label={t('conversations.breadcrumb')} to={paths.messages} text={t('conversations.messages')} />
      <PageTitle title={t('conversations.title')} />
      <div className="mt-6">
        {list.isPending ? <LoadingBlock /> : list.isError ? <LoadFailed error={list.error} onRetry={() => list.refetch()} /> : conversations.length === 0 ? (
          <EmptyState title={t('conversations.empty')} body={t('conversations.empty_body')} />
        ) : (
          <ul className="divide-y divide-ink-700 overflow-hidden rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700" data-testid="conversations-list">
            {conversations.map((c) => (
              <li key={c.id}>
                <Link to={paths.conversation(c.id)} className="flex items-center gap-3 px-4 py-3 hover:bg-ink-800" data-testid="conversation-row" data-unread={c.unread_count}>
                  <Avatar name={c.target?.nickname ?? '?'} url={c.target?.avatar_url} size={44} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="truncate font-semibold text-fg">{c.target?.nickname ?? t('conversations.closed_account')}</span>
                      <time className="shrink-0 text-xs text-subtle" dateTime={isoDateTime(c.updated_at_timestamp)}>{formatDate(c.updated_at_timestamp, language)}</time>
                    </span>
                    <span className="mt-0.5 block truncate text-sm text-muted" data-testid="conversation-last">{lastMessageText(c, language, t)}</span>
                  </span>
                  {c.unread_count > 0 ? (
                    <span className="grid h-6 min-w-6 place-items-center rounded-full bg-accent px-1.5 text-xs font-bold text-accent-ink" data-testid="conversation-unread">
                      <span className="sr-only">{t('conversations.unread')} </span>{c.unread_count}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="mt-5 text-center">
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()} data-testid="conversations-more">{t('conversations.load_more')}</Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
