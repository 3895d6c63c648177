import { groupSeckills } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { promotionQuery, useFlashBuy, useSeckillLive } from '../../../lib/flashSaleApi';
import { useServerNow } from '../../../lib/serverClock';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { FlashSaleCard } from '../../../ui/FlashSale';
import { LinkTabs } from '../../../ui/LinkTabs';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { DealsNav } from '../../../ui/DealsNav';
import { PageTitle } from '../../../ui/PageTitle';

const TABS = ['current', 'pre', 'history'] as const;
type Tab = (typeof TABS)[number];

/**
 * /flash-sales (docs/product/deals.md#flash-sales-on-the-web): the site's flash sales as tabs, current,
 * upcoming and past. The groups are worked out again from server time every second, so a sale moves from
 * upcoming to current (and its button turns on) at its opening second without a reload. Stock comes live from
 * GET /sec_kill while a current or upcoming sale is shown.
 */
export function FlashSalesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('flash.title'));
  const [params] = useSearchParams();
  const query = useQuery(promotionQuery);
  const serverMs = useServerNow();
  const all = query.data?.sec_kills ? [...query.data.sec_kills.current, ...query.data.sec_kills.pre, ...query.data.sec_kills.history].filter((e) => !e.closed) : [];
  const sorted = [...all].sort((a, b) => a.index - b.index || a.from_timestamp - b.from_timestamp || a.id - b.id);
  const groups = groupSeckills(sorted, serverMs);
  // The past tab shows the latest endings first.
  groups.history.sort((a, b) => b.to_timestamp - a.to_timestamp);
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : groups.current.length === 0 && groups.pre.length > 0 ? 'pre' : 'current';
  const live = useSeckillLive(groups.current.length + groups.pre.length > 0);
  const flash = useFlashBuy();
  const shown = groups[tab];

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10 pt-5 sm:px-6 sm:pt-8" data-testid="flash-sales-page">
      <DealsNav />
      <PageTitle title={t('flash.title')} intro={t('flash.subtitle')} />
      <LinkTabs
        className="mb-5 mt-5"
        label={t('flash.tabs')}
        active={tab}
        testId="flash-tabs"
        tabs={TABS.map((k) => ({ key: k, label: t(`flash.tab_${k}`), to: `?tab=${k}`, count: query.data ? groups[k].length : undefined }))}
      />
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => query.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState className="my-8" title={t(`flash.empty_${tab}`)} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid={`flash-list-${tab}`}>
          {shown.flatMap((e) =>
            e.items.map((item) => (
              <li key={`${e.id}-${item.id}`}>
                <FlashSaleCard
                  event={e}
                  item={item}
                  live={live.data}
                  serverMs={serverMs}
                  action={{
                    buy: () => flash.buy(e.id, item.sku_id),
                    pending: flash.pending === e.id,
                    failure: flash.failure?.eventId === e.id ? flash.failure.outcome : null,
                  }}
                />
              </li>
            )),
          )}
        </ul>
      )}
    </div>
  );
}
