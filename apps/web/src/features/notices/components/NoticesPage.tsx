import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NOTICES_PER_PAGE } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useNotices } from '../api/notices';
import { NoticeKindBadge, NoticesListPage } from './NoticeBits';
import { useErrorPage } from '../../../lib/useErrorPage';

/** /notices: the site's notices, pinned first, ten to a page; a server error goes to /500 (docs/product/notices.md#notices). */
export function NoticesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const notices = useNotices(page);
  useDocumentTitle(t('notices.title'));
  useErrorPage(notices);

  const pages = notices.data ? Math.ceil(notices.data.meta.total_count / NOTICES_PER_PAGE) : 0;
  return (
    <NoticesListPage current="notices" data={notices.data} isEmpty={(data) => data.notices.length === 0} page={page} pages={pages} hrefFor={paths.noticesPage}>
      {(data) => (
        <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-ink-700">
          {data.notices.map((n) => (
            <li key={n.id} data-testid="notice-item">
              <Link to={paths.notice(n.id)} className="block px-4 py-4 transition hover:bg-ink-850 focus-visible:bg-ink-850 focus-visible:outline-none sm:px-5">
                <div className="flex flex-wrap items-center gap-2">
                  {n.pinned ? <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-bold text-accent-ink">{t('notices.pinned')}</span> : null}
                  <NoticeKindBadge kind={n.kind} />
                  <time className="ml-auto text-xs text-subtle" dateTime={new Date(n.published_at_timestamp * 1000).toISOString()}>
                    {formatDate(n.published_at_timestamp, language)}
                  </time>
                </div>
                <h2 className="mt-2 text-base font-semibold text-fg">{pickText(n.title, language)}</h2>
                <p className="mt-1 line-clamp-2 text-sm text-muted">{pickText(n.summary, language)}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </NoticesListPage>
  );
}
