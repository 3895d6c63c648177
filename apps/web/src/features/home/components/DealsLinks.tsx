import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { Section } from '../../../ui/Section';
import { useHomeDeals } from '../api/deals';

/** Links to the bundle deals, the running red-packet events and lotteries, and the live exploring queues; nothing while there are none (docs/product/deals.md). */
export function DealsLinks() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { bundles, queues, redPackets, lotteries } = useHomeDeals();
  const activities = bundles.data?.activities ?? [];
  const live = queues.data?.queues ?? [];
  const events = (redPackets.data?.events ?? []).filter((e) => e.status === 'current');
  const draws = (lotteries.data?.lottery_activities ?? []).filter((l) => l.status === 'current' && l.mode === 'points');
  if (activities.length === 0 && live.length === 0 && events.length === 0 && draws.length === 0) return null;
  const card = 'flex min-h-20 flex-col justify-center rounded-xl bg-ink-850 px-4 py-3 ring-1 ring-ink-700 transition hover:ring-accent/50';
  return (
    <Section id="home-deals" title={t('deals.home_title')} testId="home-deals">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {activities.length > 0 ? (
          <li>
            <Link to={paths.bundles} className={card} data-testid="home-bundles-link">
              <span className="font-semibold text-fg">{t('deals.home_bundles')}</span>
              <span className="text-sm text-muted">
                {activities
                  .slice(0, 2)
                  .map((a) => pickText(a.title, language))
                  .join(' · ') || t('deals.home_bundles_body')}
              </span>
            </Link>
          </li>
        ) : null}
        {events.map((e) => (
          <li key={`rp-${e.id}`}>
            <Link to={paths.redPacketEvent(e.id)} className={card} data-testid="home-red-packet-link">
              <span className="font-semibold text-fg">{pickText(e.title, language)}</span>
              <span className="text-sm text-muted">{t('red_packets.home_body')}</span>
            </Link>
          </li>
        ))}
        {live.map((q) => (
          <li key={q.id}>
            <Link to={paths.queue(q.id)} className={card} data-testid="home-queue-link">
              <span className="font-semibold text-fg">{pickText(q.title, language)}</span>
              <span className="text-sm text-muted">{t('deals.home_queue_body', { count: q.items.length })}</span>
            </Link>
          </li>
        ))}
        {draws.map((l) => (
          <li key={`lottery-${l.id}`}>
            <Link to={paths.lottery(l.id)} className={card} data-testid="home-lottery-link">
              <span className="font-semibold text-fg">{pickText(l.title, language)}</span>
              <span className="text-sm text-muted">{t('lottery.home_body', { count: l.cost_points })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
