import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toastStore';
import { conversationQuery } from '../api/conversation';
import { useDeleteConversation } from '../api/deleteConversation';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { useLivePrivateMessages } from './useLivePrivateMessages';

/**
 * /messages/conversations/:id: the history (older pages on request), the composer, sharing a game, and deleting
 * the conversation for oneself after a confirmation. Opening it marks it read, so the header's count drops.
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  useLivePrivateMessages();
  const history = useInfiniteQuery(conversationQuery(id));
  const remove = useDeleteConversation();
  const [confirming, setConfirming] = useState(false);
  const first = history.data?.pages[0];
  const target = first?.conversation.target ?? null;
  useDocumentTitle(target ? t('conversations.with', { name: target.nickname }) : t('conversations.title'));
  // The newest page marked the conversation read: the header's badge (basic info) reads again.
  const newestId = first?.private_messages.at(-1)?.id;
  useEffect(() => {
    if (newestId !== undefined) void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
  }, [client, newestId]);
  if (history.isPending) return <LoadingBlock />;
  if (history.isError) return <div className="mx-auto max-w-3xl px-4 py-10"><LoadFailed error={history.error} onRetry={() => history.refetch()} /></div>;
  // Pages come newest first; each page is oldest first within itself.
  const messages = [...history.data.pages].reverse().flatMap((p) => p.private_messages);
  const onDelete = () =>
    remove.mutate(Number(id), {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('conversations.delete_conversation_successful'));
        void navigate(paths.conversations);
      },
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10" data-testid="conversation-page">
      <nav aria-label={t('conversations.breadcrumb')} className="text-sm text-muted">
        <Link to={paths.conversations} className="hover:text-accent-strong">{t('conversations.title')}</Link>
      </nav>
      <header className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={target?.nickname ?? '?'} url={target?.avatar_url} size={44} />
          {target ? (
            <Link to={paths.user(target.id)} className="truncate text-xl font-black text-fg hover:text-accent-strong" data-testid="conversation-target">{target.nickname}</Link>
          ) : <span className="text-xl font-black text-muted">{t('conversations.closed_account')}</span>}
        </div>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="conversation-delete">{t('conversations.delete')}</Button>
      </header>
      <section className="rounded-[var(--radius-card)] bg-ink-900/60 p-4 ring-1 ring-ink-700" aria-label={t('conversations.history')}>
        {history.hasNextPage ? (
          <div className="mb-4 text-center">
            <Button variant="secondary" size="sm" loading={history.isFetchingNextPage} onClick={() => history.fetchNextPage()} data-testid="conversation-older">{t('conversations.load_older')}</Button>
          </div>
        ) : null}
        <ol className="space-y-4" data-testid="messages">
          {messages.map((m) => <li key={m.id}><MessageBubble message={m} /></li>)}
        </ol>
      </section>
      {target ? <Composer targetId={target.id} /> : <p className="text-sm text-muted">{t('conversations.target_closed_error')}</p>}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('conversations.delete_title')}
        description={t('conversations.delete_body')}
        footer={(
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>{t('conversations.cancel')}</Button>
            <Button variant="danger" loading={remove.isPending} onClick={onDelete} data-testid="conversation-delete-confirm">{t('conversations.delete')}</Button>
          </>
        )}
      />
    </div>
  );
}
