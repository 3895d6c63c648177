import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { SearchIcon } from '../../../ui/icons';

/** /search?keyword=… — the search results arrive with the catalogue; the page already reads the keyword. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6" data-testid="search-page">
      <h1 className="text-2xl font-bold text-fg sm:text-3xl">{keyword ? t('search.results_for', { keyword }) : t('search.title')}</h1>
      <div className="mt-8">
        <EmptyState icon={<SearchIcon className="size-6" />} title={t('search.soon_title')} body={t('search.soon_body')} />
      </div>
    </div>
  );
}
