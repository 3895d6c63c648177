import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { CenterSection } from '../../../ui/CenterSection';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { toast } from '../../../ui/toastStore';
import { blockListQuery, useUnblock } from '../api/blockList';
import { usePageParam } from '../../../lib/paging';

const href = (page: number) => (page > 1 ? `${paths.blockList}?page=${page}` : paths.blockList);

/** /user_center/block_list: the people I blocked, newest first; unblocking shows their writing again. */
export function BlockListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const me = useMe().data;
  const page = usePageParam();
  const q = useQuery({ ...blockListQuery(me?.id ?? 0, page), enabled: Boolean(me) });
  const unblock = useUnblock();
  useDocumentTitle(t('people.block_list'));
  const data = q.data?.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  return (
    <CenterSection title={t('people.block_list')} testId="block-list-page">
      <p className="mb-5 text-sm text-muted">{t('people.block_list_intro')}</p>
      {!me || q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={q.refetch} /> : data!.list.length === 0 ? (
        <EmptyState title={t('people.block_list_empty')} />
      ) : (
        <ul className="divide-y divide-ink-700 rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700" data-testid="block-list">
          {data!.list.map((entry) => (
            <li key={entry.blockAccountId} className="flex items-center gap-3 p-3 sm:p-4">
              <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-ink-700 font-bold text-fg">
                {[...(entry.nickname || '?')][0]!.toUpperCase()}
              </span>
              <div className="min-w-0 flex-1">
                {entry.nickname ? (
                  <Link to={paths.user(entry.blockAccountId)} className="line-clamp-1 font-semibold text-fg hover:text-accent-strong">{entry.nickname}</Link>
                ) : (
                  <span className="text-muted">{t('people.closed_account')}</span>
                )}
                <p className="text-xs text-subtle">{t('people.blocked_on', { date: formatDate(entry.createdTimestamp, language) })}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                loading={unblock.isPending && unblock.variables === entry.blockAccountId}
                onClick={() => unblock.mutate(entry.blockAccountId, { onSuccess: () => toast.success(t('people.unblocked')), onError: (e) => toast.fail(errorToText(t, e)) })}
                data-testid="unblock-button"
              >
                {t('people.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={href} />
    </CenterSection>
  );
}
