import { SEARCH_ORDER_KEYS, type SearchOrderKey, type SortDirection } from '@lantern/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorToText } from '../../../lib/errors';
import { pickText, useLanguage } from '../../../lib/localize';
import { useSite } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { RetryState } from '../../../ui/LoadStates';
import { CloseIcon, FilterIcon, SearchIcon } from '../../../ui/icons';
import { Pagination } from '../../../ui/Pagination';
import { SkuCards } from '../../../ui/SkuCard';
import { useCategories } from '../api/categories';
import { useSearchSkus } from '../api/searchSkus';
import { useTags } from '../api/tags';
import { DEFAULT_SEARCH, hasFilters, parseSearchParams, searchHref, withChange, type SearchState } from '../searchState';
import { Filters, priceRangeText } from './Filters';
import { KeywordBox } from './KeywordBox';
import { pageCount } from '../../../lib/paging';

const selectClass =
  'h-10 rounded-lg bg-ink-850 pl-3 pr-8 text-sm text-fg ring-1 ring-inset ring-ink-700 focus:outline-none focus:ring-2 focus:ring-accent';

/** What is filtered, as removable chips, and "clear all". */
function ActiveFilters({ state, onChange }: { state: SearchState; onChange: (s: SearchState) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  const tags = useTags();
  const categories = useCategories();
  if (!hasFilters(state)) return null;
  const chips: { key: string; label: string; clear: Partial<SearchState> }[] = [];
  if (state.cate) chips.push({ key: 'cate', label: t(state.cate === 'physical' ? 'search.type_physical' : state.cate === 'game' ? 'search.type_game' : 'search.type_virtual'), clear: { cate: null } });
  if (state.priceMin !== null || state.priceMax !== null)
    chips.push({ key: 'price', label: priceRangeText(t, state.priceMin, state.priceMax, site.currency, language), clear: { priceMin: null, priceMax: null } });
  for (const p of state.platforms) chips.push({ key: `p-${p}`, label: t(`sku.key_types.${p}`), clear: { platforms: state.platforms.filter((x) => x !== p) } });
  if (state.category !== null) {
    const c = categories.data?.categories.find((x) => x.id === state.category);
    chips.push({ key: 'cat', label: c ? pickText(c.name, language) : t('search.category'), clear: { category: null } });
  }
  for (const id of state.tags) {
    const tg = tags.data?.tags.find((x) => x.id === id);
    chips.push({ key: `t-${id}`, label: tg ? pickText(tg.name, language) : `#${id}`, clear: { tags: state.tags.filter((x) => x !== id) } });
  }
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="active-filters">
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          onClick={() => onChange(withChange(state, c.clear))}
          className="inline-flex items-center gap-1.5 rounded-full bg-accent/10 py-1 pl-3 pr-2 text-xs font-medium text-accent-strong ring-1 ring-inset ring-accent/40 hover:bg-accent/20"
          aria-label={t('search.remove_filter', { name: c.label })}
        >
          {c.label}
          <CloseIcon className="size-3.5" />
        </button>
      ))}
      <button
        type="button"
        className="text-xs font-medium text-muted underline-offset-4 hover:text-fg hover:underline"
        onClick={() => onChange({ ...DEFAULT_SEARCH, keyword: state.keyword, order: state.order, direction: state.direction })}
      >
        {t('search.clear_filters')}
      </button>
    </div>
  );
}

function ResultSkeleton() {
  return (
    <ul className="space-y-2.5" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex items-center gap-4 rounded-xl bg-ink-850/60 p-2 ring-1 ring-ink-800">
          <div className="aspect-[92/43] w-28 animate-pulse rounded-lg bg-ink-800 sm:w-44" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-ink-800" />
            <div className="h-3 w-1/4 animate-pulse rounded bg-ink-800" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /search: keyword with autocomplete, filters, ordering (docs/product/catalogue.md#search) and numbered pages, all in the URL. */
export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The filter column on a wide screen; on a phone the panel opens under the toolbar that toggles it.
  const wide = useMediaQuery('(min-width: 1024px)');
  const results = useSearchSkus(state);
  const go = (next: SearchState) => navigate(searchHref(next));
  const meta = results.data?.meta;
  const pages = pageCount(meta);
  const heading = state.keyword ? t('search.results_for', { keyword: state.keyword }) : t('search.title');
  useDocumentTitle(heading);
  const filterCount = state.tags.length + state.platforms.length + (state.category !== null ? 1 : 0) + (state.cate ? 1 : 0) + (state.priceMin !== null || state.priceMax !== null ? 1 : 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" data-testid="search-page">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{heading}</h1>
      <div className="max-w-3xl">
        <KeywordBox keyword={state.keyword} onSearch={(keyword) => go(withChange(state, { keyword }))} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[260px_minmax(0,1fr)] lg:gap-8">
        {wide ? (
          <aside aria-label={t('search.filters')} id="search-filters">
            <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-2xl bg-ink-900/60 p-4 ring-1 ring-ink-800">
              <Filters state={state} onChange={go} />
            </div>
          </aside>
        ) : null}

        <section aria-labelledby="search-results-h" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center gap-2 sm:gap-3">
            <h2 id="search-results-h" className="basis-full text-sm text-muted sm:mr-auto sm:basis-auto" aria-live="polite" data-testid="search-count">
              {meta ? t('search.count', { count: meta.total_count }) : t('ui.loading')}
            </h2>
            <button
              type="button"
              className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-ink-850 px-3 text-sm font-medium text-fg ring-1 ring-inset ring-ink-700 lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls={filtersOpen ? 'search-filters' : undefined}
              onClick={() => setFiltersOpen((o) => !o)}
              data-testid="filters-toggle"
            >
              <FilterIcon className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('search.filters')}</span>
              {filterCount ? <span className="rounded-full bg-accent px-1.5 text-xs font-bold text-accent-ink">{filterCount}</span> : null}
            </button>
            <label className="flex min-w-0 flex-1 items-center gap-2 text-sm text-muted sm:flex-none">
              <span className="hidden sm:inline">{t('search.order_by')}</span>
              <span className="sr-only sm:hidden">{t('search.order_by')}</span>
              <select className={cn(selectClass, 'w-full min-w-0 sm:w-auto')} value={state.order} onChange={(e) => go(withChange(state, { order: e.target.value as SearchOrderKey }))} data-testid="search-order">
                {SEARCH_ORDER_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {t(`search.order.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex min-w-0 shrink-0 items-center gap-2 text-sm text-muted">
              <span className="sr-only">{t('search.direction')}</span>
              <select className={selectClass} value={state.direction} onChange={(e) => go(withChange(state, { direction: e.target.value as SortDirection }))} data-testid="search-direction">
                <option value="desc">{t('search.desc')}</option>
                <option value="asc">{t('search.asc')}</option>
              </select>
            </label>
          </div>

          {!wide && filtersOpen ? (
            <div id="search-filters" role="region" aria-label={t('search.filters')} className="mb-4 rounded-2xl bg-ink-900/60 p-4 ring-1 ring-ink-800">
              <Filters state={state} onChange={go} />
            </div>
          ) : null}

          <ActiveFilters state={state} onChange={go} />

          {results.isPending ? (
            <ResultSkeleton />
          ) : results.isError ? (
            <RetryState title={t('search.error_title')} body={errorToText(t, results.error)} onRetry={results.refetch} />
          ) : results.data.skus.length === 0 ? (
            <EmptyState
              icon={<SearchIcon className="size-6" />}
              title={t('search.empty_title')}
              body={hasFilters(state) ? t('search.empty_body_filters') : t('search.empty_body')}
              action={
                hasFilters(state) ? (
                  <Button variant="secondary" onClick={() => go({ ...DEFAULT_SEARCH, keyword: state.keyword })}>
                    {t('search.clear_filters')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <SkuCards skus={results.data.skus} variant="row" eager={4} className={cn('space-y-2.5 transition-opacity', results.isPlaceholderData && 'opacity-60')} aria-busy={results.isPlaceholderData} data-testid="search-results" />
              <Pagination className="mt-6" page={state.page} pages={pages} hrefFor={(page) => searchHref({ ...state, page })} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
