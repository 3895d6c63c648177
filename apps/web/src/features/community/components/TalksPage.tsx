import { useInfiniteQuery } from '@tanstack/react-query';
import { TALK_MAX_LENGTH } from '@lantern/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { CrumbNav, PageTitle } from '../../../ui/PageTitle';
import { errorToText } from '../../../lib/errors';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LinkTabs } from '../../../ui/LinkTabs';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { toast } from '../../../ui/toastStore';
import { useCommunityRefusal } from '../../../ui/useCommunityRefusal';
import { talksQuery, useCreateTalk, type TalksTab } from '../api/talks';
import { TalkCard } from './TalkCard';

/** Plain words as the paragraphs of a talk: escaped here, sanitised again by the server. */
const asParagraphs = (text: string) =>
  text.split(/\n+/).map((line) => line.trim()).filter(Boolean)
    .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`).join('');

/**
 * /talks: the community's short posts (docs/product/people.md#talks) — the feed of the people and groups the
 * reader follows (signed in), everyone's, and the recommended — with a box to write one.
 */
export function TalksPage() {
  const { t } = useTranslation();
  const me = useMe().data ?? null;
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab: TalksTab = asked === 'all' || asked === 'recommend' ? asked : me ? 'following' : 'all';
  useDocumentTitle(t('people.talks'));
  const list = useInfiniteQuery({ ...talksQuery(tab), enabled: tab !== 'following' || me !== null });
  const create = useCreateTalk();
  const refusal = useCommunityRefusal();
  const [text, setText] = useState('');
  const length = [...text.trim()].length;
  const onSend = () =>
    create.mutate(asParagraphs(text), {
      onSuccess: () => {
        setText('');
        toast.success(t('people.send_success'));
      },
      onError: (e) => refusal.handle(e) || toast.fail(errorToText(t, e)),
    });
  const talks = list.data?.pages.flatMap((p) => p.talks) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="talks-page">
      <CrumbNav label={t('community.breadcrumb')} to={paths.community} text={t('community.title')} />
      <PageTitle title={t('people.talks')} />
      <p className="mt-1 text-muted">{t('people.talks_tagline')}</p>
      {me ? (
        <div className="mt-6 rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700">
          <label htmlFor="talk-text" className="sr-only">{t('people.talk_placeholder')}</label>
          <textarea
            id="talk-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            placeholder={t('people.talk_placeholder')}
            className="w-full resize-y rounded-lg bg-ink-900 p-3 text-fg ring-1 ring-ink-600 focus:outline-none focus:ring-accent"
            data-testid="talk-text"
          />
          <div className="mt-2 flex items-center justify-between gap-3">
            <span className={length > TALK_MAX_LENGTH ? 'text-sm text-danger' : 'text-sm text-subtle'}>{length}/{TALK_MAX_LENGTH}</span>
            <Button size="sm" loading={create.isPending} disabled={length === 0 || length > TALK_MAX_LENGTH} onClick={onSend} data-testid="talk-send">{t('people.publish')}</Button>
          </div>
        </div>
      ) : null}
      <LinkTabs
        className="mt-6"
        label={t('people.talks')}
        active={tab}
        testId="talks-tabs"
        tabs={[
          ...(me ? [{ key: 'following', label: t('people.tab_following'), to: paths.talksOf('following') }] : []),
          { key: 'all', label: t('people.tab_all'), to: paths.talksOf('all') },
          { key: 'recommend', label: t('people.tab_recommend'), to: paths.talksOf('recommend') },
        ]}
      />
      <div className="mt-5">
        {list.isPending ? <LoadingBlock /> : list.isError ? <LoadFailed error={list.error} onRetry={() => list.refetch()} /> : talks.length === 0 ? (
          <EmptyState title={t(tab === 'following' ? 'people.feed_empty' : 'people.talks_empty')} body={tab === 'following' ? t('people.feed_empty_body') : undefined} />
        ) : (
          <ul className="space-y-3" data-testid="talks-list">
            {talks.map((talk) => <li key={talk.id}><TalkCard talk={talk} /></li>)}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="mt-5 text-center">
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>{t('people.load_more')}</Button>
          </div>
        ) : null}
      </div>
      {refusal.dialogs}
    </div>
  );
}
