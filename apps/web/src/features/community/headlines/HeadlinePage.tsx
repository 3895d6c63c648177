import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { DetailLoadFailed } from '../../../ui/ErrorViews';
import { LoadingBlock } from '../../../ui/LoadStates';
import { ReportAction } from '../../../ui/ReportAction';
import { TargetDiscussion } from '../discussion/components/TargetDiscussion';
import { useHeadline } from './api/headlines';
import { HeadlineArticle } from './HeadlineArticle';
import { commentModerationTools } from '../moderation/CommentModeration';

/** /headlines/{id}: an article, its games with live prices and buy buttons, likes, comments and replies. */
export function HeadlinePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = Number(useParams().id);
  const headline = useHeadline(id);
  useDocumentTitle(headline.data?.title ?? t('headlines.title'));
  if (headline.isPending) return <LoadingBlock />;
  if (headline.isError) return <DetailLoadFailed error={headline.error} onRetry={() => headline.refetch()} />;
  const h = headline.data;
  const name = h.author.nickname || t('community.gone_author');
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="headline-page" data-id={h.id}>
      <nav aria-label={t('community.breadcrumb')} className="mb-4 flex flex-wrap gap-1 text-sm text-muted">
        <Link to={paths.headlines} className="hover:text-accent-strong">{t('headlines.title')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={paths.headlinesOf(h.section.id)} className="hover:text-accent-strong" data-testid="headline-section-link">{pickText(h.section.name, language)}</Link>
      </nav>
      <HeadlineArticle h={h} />
      <footer className="mt-8 flex flex-wrap items-center gap-4 border-t border-ink-700 pt-4 text-sm text-muted">
        <Link to={paths.headlinesOf(h.section.id)} className={buttonClass('ghost', 'sm')}>{t('headlines.more_in', { section: pickText(h.section.name, language) })}</Link>
        <ReportAction targetType="headline" targetId={h.id} subject={{ kind: 'headline', author: name, excerpt: h.title }} className={`ml-auto ${buttonClass('ghost', 'sm')}`} />
      </footer>
      {h.moderation_state === 'published' ? <TargetDiscussion type="Headline" id={h.id} likesCount={h.likes_count} commentTools={commentModerationTools} /> : null}
    </article>
  );
}
