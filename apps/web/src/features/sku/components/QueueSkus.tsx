import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { buttonClass } from '../../../ui/Button';
import { Section } from '../../../ui/Section';
import { useSkuQueues } from '../api/queues';

/** "Queue skus": when the game is in a live exploring queue, a link to it and what finishing it earns. */
export function QueueSkus({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queues = useSkuQueues(skuId).data?.queues ?? [];
  if (queues.length === 0) return null;
  return (
    <Section id="sku-queues" title={t('deals.queue.sku_title')} testId="queue-skus">
      <ul className="space-y-3">
        {queues.map((q) => {
          const reward = q.reward.kind === 'points' ? t('deals.queue.reward_points', { count: q.reward.points ?? 0 }) : t('deals.queue.reward_coupon', { title: q.reward.coupon ? pickText(q.reward.coupon.title, language) : '' });
          return (
            <li key={q.id} className="rounded-xl bg-ink-900/60 p-4 ring-1 ring-ink-800">
              <p className="text-sm text-muted">{t('deals.queue.sku_body', { title: pickText(q.title, language), reward })}</p>
              <Link to={paths.queue(q.id)} className={buttonClass('secondary', 'sm') + ' mt-3'}>
                {t('deals.queue.sku_link')}
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
