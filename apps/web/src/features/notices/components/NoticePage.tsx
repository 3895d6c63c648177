import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ChevronLeft } from '../../../ui/icons';
import { PageSpinner } from '../../../ui/Spinner';
import { useNotice } from '../api/notices';
import { NoticeKindBadge, Paragraphs } from './NoticeBits';
import { useErrorPage } from '../../../lib/useErrorPage';

/** /notices/{id}: one notice; an unknown or withdrawn one goes to /404. */
export function NoticePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { id = '' } = useParams();
  const notice = useNotice(id);
  const valid = /^\d{1,15}$/.test(id);
  useDocumentTitle(notice.data ? pickText(notice.data.title, language) : null);
  useErrorPage(notice, { missing: !valid });
  if (!notice.data) return <PageSpinner label={t('ui.loading')} />;
  const n = notice.data;
  return (
    <article className="mx-auto max-w-3xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="notice-article">
      <Link to={paths.notices} className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ChevronLeft className="size-4" /> {t('notices.back')}
      </Link>
      <header className="mt-4 border-b border-ink-800 pb-5">
        <div className="flex flex-wrap items-center gap-2">
          <NoticeKindBadge kind={n.kind} />
          <time className="text-sm text-subtle" dateTime={new Date(n.published_at_timestamp * 1000).toISOString()}>
            {t('notices.published_on', { date: formatDate(n.published_at_timestamp, language) })}
          </time>
        </div>
        <h1 className="mt-3 text-2xl font-black leading-tight tracking-tight text-fg sm:text-3xl">{pickText(n.title, language)}</h1>
      </header>
      <div className="mt-6">
        <Paragraphs text={pickText(n.content, language)} />
      </div>
      <footer className="mt-10 rounded-2xl bg-ink-900 p-4 text-sm text-muted ring-1 ring-ink-700">
        {t('notices.question')}{' '}
        <Link to={paths.feedbackFrom(paths.notice(n.id))} className="font-semibold text-accent hover:underline">
          {t('notices.send_feedback')}
        </Link>
      </footer>
    </article>
  );
}
