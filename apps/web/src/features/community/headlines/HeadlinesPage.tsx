import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { roleCan } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LinkTabs } from '../../../ui/LinkTabs';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { useHeadlinePage, useHeadlines } from './api/headlines';
import { HeadlineRow, HeadlineTile } from './HeadlineBits';
import { PageTitle } from '../../../ui/PageTitle';
import { pageCount } from '../../../lib/paging';

const positive = (raw: string | null) => (raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * /headlines: the store's news (docs/product/headlines.md#pages). Sections are tabs in the URL (`?section=`),
 * lead stories on top, then the section's articles newest first, 10 a page. Editors get a way to their drafts.
 */
export function HeadlinesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const sectionId = positive(params.get('section'));
  const page = positive(params.get('page')) ?? 1;
  const head = useHeadlinePage(sectionId);
  const list = useHeadlines(sectionId, page);
  const me = useMe();
  useDocumentTitle(t('headlines.title'));
  const sections = head.data?.sections;
  const tabs = [{ key: 'all', label: t('headlines.all'), to: paths.headlinesOf(null) }, ...(sections ?? []).filter((s) => s.parent_id === null).map((s) => ({ key: String(s.id), label: pickText(s.name, language), to: paths.headlinesOf(s.id) }))];
  const active = sections?.find((s) => s.id === sectionId);
  const tabKey = active ? String(active.parent_id ?? active.id) : 'all';
  const subs = (sections ?? []).filter((s) => s.parent_id !== null && s.parent_id === (active?.parent_id ?? active?.id));
  const featured = page === 1 ? (head.data?.featured ?? []) : [];
  const editor = me.data ? roleCan(me.data.role, 'api_all_headline') : false;
  const pages = list.data ? pageCount(list.data.meta) : 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8" data-testid="headlines-page">
      <PageTitle title={t('headlines.title')} intro={t('headlines.tagline')} aside={editor ? <Link to={paths.headlineDrafts} className={buttonClass('secondary', 'sm')} data-testid="headline-drafts-link">{t('headlines.my_drafts')}</Link> : null} />
      <LinkTabs tabs={tabs} active={tabKey} label={t('headlines.sections')} className="mt-5" testId="headline-tabs" />
      {subs.length > 0 ? (
        <nav aria-label={t('headlines.subsections')} className="mt-3 flex flex-wrap gap-2">
          {subs.map((s) => (
            <Link key={s.id} to={paths.headlinesOf(s.id)} aria-current={s.id === sectionId ? 'page' : undefined}
              className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${s.id === sectionId ? 'bg-accent/20 text-fg ring-accent/50' : 'text-muted ring-ink-700 hover:text-fg'}`}>
              {pickText(s.name, language)}
            </Link>
          ))}
        </nav>
      ) : null}
      {head.isError && sectionId !== null ? <LoadFailed error={head.error} onRetry={() => head.refetch()} /> : null}
      {featured.length > 0 ? (
        <section aria-label={t('headlines.featured')} className="mt-6 grid gap-3 sm:gap-4 lg:grid-cols-[2fr_1fr]" data-testid="headline-featured">
          <HeadlineTile h={featured[0]!} large eager />
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-1">
            {featured.slice(1, 3).map((h) => <HeadlineTile key={h.id} h={h} eager />)}
          </div>
        </section>
      ) : null}
      <section aria-label={t('headlines.latest')} className="mt-8">
        <h2 className="mb-3 text-lg font-bold text-fg">{active ? pickText(active.name, language) : t('headlines.latest')}</h2>
        {list.isPending ? <LoadingBlock /> : list.isError ? <LoadFailed error={list.error} onRetry={() => list.refetch()} /> : list.data.headlines.length === 0 ? (
          <EmptyState title={t('headlines.empty_title')} body={t('headlines.empty_body')} />
        ) : (
          <div className="flex flex-col gap-3" data-testid="headline-list">
            {list.data.headlines.map((h) => <HeadlineRow key={h.id} h={h} sections={sections} />)}
          </div>
        )}
        {pages > 1 ? <Pagination page={page} pages={pages} hrefFor={(p) => paths.headlinesOf(sectionId, p)} className="mt-6" /> : null}
      </section>
    </div>
  );
}
