import type { Talk } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage } from '../../../lib/localize';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { useCommunityRefusal } from '../../../ui/useCommunityRefusal';
import { Avatar } from '../../../ui/Avatar';
import { RichText } from './RichText';
import { ShareActions } from './ShareActions';
import { useDeleteTalk, useForwardTalk } from '../api/talks';

/**
 * One talk in a list or on its page: author, words, the original it forwards (or, when the reader blocked its
 * author, a line saying so that links to it), counts and what the reader may do.
 */
export function TalkCard({ talk, linked = true }: { talk: Talk; linked?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const forward = useForwardTalk();
  const remove = useDeleteTalk();
  const refusal = useCommunityRefusal();
  const [forwarding, setForwarding] = useState(false);
  const [words, setWords] = useState('');
  const name = talk.account?.nickname ?? t('community.gone_author');
  const onForward = () =>
    forward.mutate({ id: talk.id, content: words }, {
      onSuccess: () => {
        setForwarding(false);
        setWords('');
        toast.success(t('people.forward_success'));
      },
      onError: (e) => refusal.handle(e) || toast.fail(errorToText(t, e)),
    });
  return (
    <article className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700 sm:p-5" data-testid="talk-card" data-author={talk.account?.id}>
      <header className="flex items-center gap-3">
        <Avatar name={name} url={talk.account?.avatar_url ?? null} size={40} />
        {/* Name and date are links stacked one above the other: each is at least 24 px tall so a finger hits
            the one it means (WCAG 2.5.8). */}
        <div className="min-w-0">
          {talk.account ? <Link to={paths.user(talk.account.id)} className="inline-flex min-h-6 items-center font-semibold text-fg hover:text-accent-strong">{name}</Link> : <span className="font-semibold text-fg">{name}</span>}
          <p className="text-xs text-subtle">
            {linked ? <Link to={paths.talk(talk.id)} className="inline-flex min-h-6 items-center hover:text-accent-strong">{formatDate(talk.created_at_timestamp, language)}</Link> : formatDate(talk.created_at_timestamp, language)}
            {talk.target_action === 'share' ? ` · ${t('people.forwarded')}` : ''}
          </p>
        </div>
      </header>
      {talk.content ? <RichText html={talk.content} className="mt-3 text-[15px]" /> : null}
      {talk.forward ? (
        <div className="mt-3 rounded-lg bg-ink-900 p-3 ring-1 ring-ink-700" data-testid="talk-forward">
          {talk.forward.deleted ? (
            <p className="text-sm text-muted">{t('people.original_deleted')}</p>
          ) : talk.forward.author_blocked ? (
            // The server sends no words of an original whose author the reader blocked; its page, behind the
            // "Show anyway" notice, is one click away (docs/product/people.md#direct-links).
            <Link to={paths.talk(talk.forward.id)} className="inline-flex min-h-6 items-center text-sm text-muted hover:text-accent-strong" data-testid="talk-forward-blocked">
              {t('people.forward_blocked', { name: talk.forward.account?.nickname ?? t('community.gone_author') })}
            </Link>
          ) : (
            <>
              <Link to={paths.talk(talk.forward.id)} className="inline-flex min-h-6 items-center text-sm font-semibold text-fg hover:text-accent-strong">@{talk.forward.account?.nickname ?? t('community.gone_author')}</Link>
              <RichText html={talk.forward.content} className="mt-1 text-sm" />
            </>
          )}
        </div>
      ) : null}
      <footer className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <span>{t('people.likes', { count: talk.like_count })}</span>
        {linked ? <Link to={paths.talk(talk.id)} className="inline-flex min-h-6 items-center hover:text-accent-strong">{t('people.comments', { count: talk.comment_count })}</Link> : <span>{t('people.comments', { count: talk.comment_count })}</span>}
        <span>{t('people.forwards', { count: talk.forward_count })}</span>
        <span className="ml-auto flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onClick={() => setForwarding((v) => !v)} data-testid="forward-button">{t('people.forward')}</Button>
          <ShareActions type="Talk" id={talk.id} />
          {talk.own ? (
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate(talk.id, { onSuccess: () => toast.success(t('community.delete_success')), onError: (e) => toast.fail(errorToText(t, e)) })}>
              {t('community.delete')}
            </Button>
          ) : null}
        </span>
      </footer>
      {forwarding ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={`forward-${talk.id}`}>{t('people.forward_words')}</label>
          <input id={`forward-${talk.id}`} value={words} onChange={(e) => setWords(e.target.value)} placeholder={t('people.forward_words')} className="min-w-0 flex-1 rounded-lg bg-ink-900 px-3 py-2 text-sm text-fg ring-1 ring-ink-600 focus:outline-none focus:ring-accent" />
          <Button size="sm" loading={forward.isPending} onClick={onForward}>{t('people.forward')}</Button>
        </div>
      ) : null}
      {refusal.dialogs}
    </article>
  );
}
