import type { HomeSeckill } from '@lantern/contract';
import { groupSeckills } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useSeckillLive } from '../../../lib/flashSaleApi';
import { useServerNow } from '../../../lib/serverClock';
import { FlashSaleCard } from '../../../ui/FlashSale';
import { Section } from '../../../ui/Section';

/**
 * The store home's flash sales (docs/product/deals.md#flash-sales-on-the-web): current, then upcoming, by
 * server time, each with its countdown and a stock bar fed every second by GET /sec_kill (one poll for the
 * page, paused while the tab is hidden). An upcoming sale turns current at its second without a reload;
 * one that ends leaves the block. The home answer is cached, so its own `left` is only the first guess.
 */
export function FlashSales({ items }: { items: HomeSeckill[] }) {
  const { t } = useTranslation();
  const serverMs = useServerNow();
  const open = items.filter((e) => !e.closed);
  const { current, pre } = groupSeckills(open, serverMs);
  const shown = [...current, ...pre];
  const live = useSeckillLive(shown.length > 0);
  if (shown.length === 0) return null;
  return (
    <Section id="home-seckills" title={t('home.seckills')} testId="seckills" more={{ to: paths.flashSales, label: t('home.see_all') }}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {shown.flatMap((e) =>
          e.items.map((item) => (
            <li key={`${e.id}-${item.id}`}>
              <FlashSaleCard event={e} item={item} live={live.data} serverMs={serverMs} action={{ link: true }} />
            </li>
          )),
        )}
      </ul>
    </Section>
  );
}
