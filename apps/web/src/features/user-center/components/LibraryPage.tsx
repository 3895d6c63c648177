import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { CenterSection } from '../../../ui/CenterSection';
import { Cover } from '../../../ui/Cover';
import { LibraryIcon } from '../../../ui/icons';
import { LinkTabs } from '../../../ui/LinkTabs';
import { Pagination } from '../../../ui/Pagination';
import { PlatformBadge } from '../../../ui/SkuCard';
import { libraryQuery, type LibraryKind } from '../api/library';
import { listHref, pageCount, pageFromParam } from '../../../lib/paging';
import { ListStates } from '../../../ui/ListStates';

const KINDS: LibraryKind[] = ['all', 'game', 'dlc', 'bundle'];

const href = (kind: LibraryKind, page = 1) => listHref(paths.library, { kind: kind !== 'all' && kind, page: page > 1 && page });

/** /user_center/library: the games I own on this site, with play time in hours (seconds ÷ 3600, docs/product/buying.md#playtime). */
export function LibraryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const [params] = useSearchParams();
  const kindParam = params.get('kind') as LibraryKind | null;
  const kind: LibraryKind = kindParam && KINDS.includes(kindParam) ? kindParam : 'all';
  const page = pageFromParam(params.get('page'));
  const q = useQuery(libraryQuery(page, kind));
  useDocumentTitle(t('nav.library'));
  const meta = q.data?.meta;
  const pages = pageCount(meta);
  const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return (
    <CenterSection title={t('nav.library')} subtitle={meta ? t('library.count', { count: meta.total_count }) : undefined} testId="library-page">
      <LinkTabs tabs={KINDS.map((k) => ({ key: k, label: t(`library.kind_${k}`), to: href(k) }))} active={kind} label={t('library.kinds')} className="mb-5" />
      <ListStates
        read={q}
        isEmpty={(data) => data.games.length === 0}
        empty={{ icon: <LibraryIcon className="size-6" />, texts: 'library', browse: 'cart.browse' }}
      >
        {(data) => (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="library-list">
              {data.games.map((g) => {
                const name = localize(g.sku.sku_names);
                return (
                  <li key={g.id} className="group relative overflow-hidden rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700 transition hover:ring-accent/50" data-testid="library-game" data-sku-id={g.sku_id}>
                    <Cover src={g.sku.sku_covers.horizontal} shape="horizontal" />
                    <div className="p-3">
                      <Link to={paths.sku(g.sku_id)} className="line-clamp-1 font-semibold text-fg after:absolute after:inset-0 group-hover:text-accent-strong">
                        {name}
                      </Link>
                      <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-muted">
                        <PlatformBadge sku={g.sku} />
                        <span data-testid="playtime" data-hours={g.playtime_hours}>
                          {g.playtime_seconds > 0 ? t('library.hours', { hours: hours.format(g.playtime_hours) }) : t('library.not_played')}
                        </span>
                      </div>
                      <p className="mt-1 text-xs text-subtle">
                        {t(g.source === 'redeem' ? 'library.redeemed_on' : 'library.bought_on', { date: formatDate(g.acquired_at_timestamp, language) })}
                        {g.last_played_at_timestamp ? ` · ${t('library.last_played', { date: formatDate(g.last_played_at_timestamp, language) })}` : ''}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => href(kind, p)} />
          </>
        )}
      </ListStates>
    </CenterSection>
  );
}
