import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingBlock } from '../../../ui/LoadStates';
import { targetQuery } from '../api/target';
import { Composer } from './Composer';

/**
 * /messages/new?target_id=: a first message to someone, reached from their personal page. Without a target,
 * or with one that is closed, the page says the target is closed (docs/product/messaging.md#who-may-write); once sent, the conversation opens.
 */
export function NewConversationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = useSearchParams()[0].get('target_id') ?? '';
  const targetId = /^\d{1,15}$/.test(raw) ? raw : '';
  const target = useQuery({ ...targetQuery(targetId), enabled: targetId !== '' });
  useDocumentTitle(t('conversations.new_title'));
  if (targetId !== '' && target.isPending) return <LoadingBlock />;
  const user = target.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10" data-testid="new-conversation-page">
      <nav aria-label={t('conversations.breadcrumb')} className="text-sm text-muted">
        <Link to={paths.conversations} className="hover:text-accent-strong">{t('conversations.title')}</Link>
      </nav>
      {!user ? (
        <EmptyState title={t('conversations.target_closed_error')} />
      ) : (
        <>
          <header className="flex items-center gap-3">
            <Avatar name={user.nickname} url={user.avatar_url} size={44} />
            <h1 className="text-xl font-black text-fg">{t('conversations.with', { name: user.nickname })}</h1>
          </header>
          <Composer targetId={user.id} onSent={(sent) => void navigate(paths.conversation(sent.conversation_id), { replace: true })} />
        </>
      )}
    </div>
  );
}
