import type { BundleActivity } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Cover } from '../../../ui/Cover';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingBlock, RetryState } from '../../../ui/LoadStates';
import { Money } from '../../../ui/Money';
import { useBundles } from '../api/bundles';
import { DealsNav } from '../../../ui/DealsNav';
import { PageTitle } from '../../../ui/PageTitle';

/** One activity in the list: its art, "pick N for price", the first covers of its pool, when it ends. */
function BundleCard({ activity }: { activity: BundleActivity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const games = activity.game_pool.games.filter((g) => g.sku);
  return (
    <li className="overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-ink-700 transition hover:ring-accent/50" data-testid="bundle-card" data-bundle-id={activity.id}>
      <Link to={paths.bundle(activity.id)} className="block focus-visible:outline-none">
        <div className="grid grid-cols-3 gap-0.5 bg-ink-950" aria-hidden="true">
          {games.slice(0, 3).map((g) => (
            <Cover key={g.id} src={g.sku!.sku_covers.vertical} shape="vertical" />
          ))}
        </div>
        <div className="space-y-2 p-4">
          <h2 className="text-lg font-bold text-fg">{pickText(activity.title, language)}</h2>
          <p className="text-sm text-muted">
            {t('deals.bundle.pick_for', { count: activity.pick_count, total: games.length })}{' '}
            <Money amount={activity.price} currency={activity.currency} className="font-bold text-accent" />
          </p>
          <p className="text-xs text-subtle">{t('deals.ends_on', { date: formatDate(activity.to_timestamp, language) })}</p>
        </div>
      </Link>
    </li>
  );
}

/** /bundles: the site's live bundle promotions (docs/product/deals.md#bundle-promotions). */
export function BundlesPage() {
  const { t } = useTranslation();
  const bundles = useBundles();
  useDocumentTitle(t('deals.bundles_title'));
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10 pt-5 sm:px-6 sm:pt-8" data-testid="bundles-page">
      <DealsNav />
      <PageTitle title={t('deals.bundles_title')} intro={t('deals.bundles_intro')} />
      <div className="mt-6">
        {bundles.isPending ? (
          <LoadingBlock />
        ) : bundles.isError ? (
          <div role="alert">
            <RetryState title={t('errors_page.server_title')} body={t('errors.server_error')} onRetry={bundles.refetch} />
          </div>
        ) : bundles.data.activities.length === 0 ? (
          <EmptyState title={t('deals.bundles_empty')} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {bundles.data.activities.map((a) => (
              <BundleCard key={a.id} activity={a} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
