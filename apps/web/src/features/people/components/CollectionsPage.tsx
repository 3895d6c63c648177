import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { CenterSection } from '../../../ui/CenterSection';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { toast } from '../../../ui/toastStore';
import { collectionsQuery, useRemoveCollection } from '../api/collections';
import { pageCount, usePageParam } from '../../../lib/paging';

const href = (page: number) => (page > 1 ? `${paths.collections}?page=${page}` : paths.collections);

/** /user_center/collections: collected posts and headlines, newest first; one whose target is gone says so. */
export function CollectionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = usePageParam();
  const q = useQuery(collectionsQuery(page));
  const remove = useRemoveCollection();
  useDocumentTitle(t('people.collections'));
  const meta = q.data?.meta;
  const pages = pageCount(meta);
  return (
    <CenterSection title={t('people.collections')} testId="collections-page">
      {q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={q.refetch} /> : q.data.collections.length === 0 ? (
        <EmptyState title={t('people.collections_empty')} body={t('people.collections_empty_body')} />
      ) : (
        <ul className="space-y-3" data-testid="collections">
          {q.data.collections.map((c) => (
            <li key={c.id} className="flex items-start gap-3 rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700">
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 text-xs text-subtle">
                  <span className="rounded-full bg-ink-700 px-2 py-0.5 font-semibold text-muted">{t(`people.type_${c.accessible_type}`)}</span>
                  {formatDate(c.created_at_timestamp, language)}
                </p>
                {c.target ? (
                  <>
                    <Link to={c.target.path} className="mt-1 line-clamp-1 font-semibold text-fg hover:text-accent-strong">{c.target.title}</Link>
                    <p className="mt-1 line-clamp-2 text-sm text-muted">{c.target.summary}</p>
                  </>
                ) : (
                  <p className="mt-1 text-sm text-muted">{t('people.collection_gone')}</p>
                )}
              </div>
              <Button variant="ghost" size="sm" onClick={() => remove.mutate(c.id, { onError: (e) => toast.fail(errorToText(t, e)) })}>
                {t('people.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={href} />
    </CenterSection>
  );
}
