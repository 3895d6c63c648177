import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { CenterSection } from '../../../ui/CenterSection';
import { Cover } from '../../../ui/Cover';
import { EmptyState } from '../../../ui/EmptyState';
import { LinkTabs } from '../../../ui/LinkTabs';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { userReviewsQuery, type ReviewsTab } from '../api/reviews';
import { listHref, pageCount, pageFromParam } from '../../../lib/paging';

const href = (type: ReviewsTab, page = 1) => listHref(paths.userReviews, { type: type !== 'reviewed' && type, page: page > 1 && page });

/** /user_center/reviews: my reviews, and the games I own here that I have not reviewed yet (10 a page). */
export function ReviewsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const type: ReviewsTab = params.get('type') === 'not_reviewed' ? 'not_reviewed' : 'reviewed';
  const page = pageFromParam(params.get('page'));
  const q = useQuery(userReviewsQuery(type, page));
  useDocumentTitle(t('community.my_reviews'));
  const meta = q.data?.meta;
  const pages = pageCount(meta);
  return (
    <CenterSection title={t('community.my_reviews')} testId="user-reviews-page">
      <LinkTabs tabs={[{ key: 'reviewed', label: t('community.my_reviews'), to: href('reviewed') }, { key: 'not_reviewed', label: t('community.unreviewed'), to: href('not_reviewed') }]} active={type} label={t('community.my_reviews')} className="mb-5" />
      {q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={q.refetch} /> : (
        type === 'reviewed' ? (
          q.data.posts.length === 0 ? <EmptyState title={t('community.no_reviews')} /> : (
            <ul className="space-y-3" data-testid="user-reviews">
              {q.data.posts.map((r) => (
                <li key={r.id} className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Link to={paths.group(r.group_id)} className="font-semibold text-fg hover:text-accent-strong">{pickText(r.group.name, language)}</Link>
                    {r.score !== null ? <span className="text-accent" aria-label={t('community.stars', { count: r.score })}>{'★'.repeat(r.score)}</span>
                      : <span className={r.recommend ? 'text-success' : 'text-danger'}>{t(r.recommend ? 'community.recommended' : 'community.not_recommended')}</span>}
                    <span className="ml-auto text-xs text-subtle">{formatDate(r.published_at_timestamp, language)}</span>
                  </p>
                  <Link to={paths.post(r.id)} className="mt-2 line-clamp-2 block text-sm text-muted hover:text-accent-strong">{r.title || r.excerpt}</Link>
                </li>
              ))}
            </ul>
          )
        ) : q.data.games.length === 0 ? <EmptyState title={t('community.no_unreviewed')} /> : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="unreviewed-games">
            {q.data.games.map((g) => (
              <li key={g.product_id} className="overflow-hidden rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700">
                <Cover src={g.cover} shape="horizontal" />
                <div className="flex items-center gap-2 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-1 font-semibold text-fg">{pickText(g.name, language)}</p>
                    <p className="text-xs text-muted">{t('library.hours', { hours: g.playtime_hours })}</p>
                  </div>
                  <Link to={paths.writePost(g.group_id, 'Review')} className={buttonClass('secondary', 'sm')}>{t('community.write_one')}</Link>
                </div>
              </li>
            ))}
          </ul>
        )
      )}
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => href(type, p)} />
    </CenterSection>
  );
}
