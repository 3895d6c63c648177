import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { Pagination } from '../../../ui/Pagination';
import { SkuCards } from '../../../ui/SkuCard';
import { useNavItems } from '../api/navItems';
import { usePeriTag } from '../api/periTag';
import { PeriNav } from './PeriNav';
import { useErrorPage } from '../../../lib/useErrorPage';
import { pageCount, usePageParam } from '../../../lib/paging';

/** /peripheral/tags/{id}: one navigation tag's products, numbered pages in the URL. */
export function PeriTagPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const valid = /^\d{1,12}$/.test(id);
  const page = usePageParam();
  const nav = useNavItems();
  const list = usePeriTag(valid ? id : '0', page);
  const tagName = list.data ? pickText(list.data.tag.name, language) : '';
  useDocumentTitle(tagName || null);

  useErrorPage(list, { missing: !valid });

  const meta = list.data?.meta;
  const pages = pageCount(meta);
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8" data-testid="peri-tag-page">
      <p className="text-sm text-muted">{t('peripheral.title')}</p>
      <h1 className="mb-4 mt-0.5 text-2xl font-black tracking-tight text-fg sm:text-3xl" data-testid="peri-tag-title">
        {tagName || '\u00a0'}
      </h1>
      <PeriNav tags={nav.data?.nav_items ?? []} />
      <div className="mt-6">
        {!list.data ? (
          <ul aria-hidden="true" className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
            {Array.from({ length: 12 }, (_, i) => (
              <li key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-ink-850" />
            ))}
          </ul>
        ) : list.data.skus.length === 0 ? (
          <EmptyState title={t('peripheral.empty')} />
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {t('search.count', { count: list.data.meta.total_count })}
            </p>
            <SkuCards skus={list.data.skus} eager={6} className={cn('grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-4 sm:gap-x-4 lg:grid-cols-6', list.isPlaceholderData && 'opacity-60')} data-testid="peri-tag-results" />
            <Pagination className="mt-8" page={page} pages={pages} hrefFor={(p) => (p > 1 ? `${paths.periTag(id)}?page=${p}` : paths.periTag(id))} />
          </>
        )}
      </div>
    </div>
  );
}
