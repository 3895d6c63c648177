import type { PointRedeem } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { Cover } from '../../../ui/Cover';
import { Section } from '../../../ui/Section';

/** The home block lists unknown entries in the contract: a redeem is taken when it has the fields this block reads. */
const isRedeem = (v: unknown): v is PointRedeem =>
  typeof v === 'object' && v !== null && typeof (v as PointRedeem).id === 'number' && typeof (v as PointRedeem).points === 'number' && typeof (v as PointRedeem).title === 'object';

const coverOf = (r: PointRedeem) => r.sku?.sku_covers.horizontal ?? (r.cover.includes('?') ? r.cover : `${r.cover}?shape=horizontal`);

/**
 * The home's point-redeem draws: the points shop's live items, each leading to the shop, where the
 * viewer's own points and the redeem button are (the home is shared by every viewer).
 */
export function PointRedeemsBlock({ items }: { items: unknown[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const redeems = items.filter(isRedeem);
  if (redeems.length === 0) return null;
  return (
    <Section id="home-point-redeems" title={t('home.point_redeems')} testId="point-redeems" more={{ to: paths.pointsShop, label: t('points_shop.see_all') }}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {redeems.map((r) => (
          <li key={r.id} className="rounded-xl bg-ink-850 ring-1 ring-ink-700 transition hover:ring-accent/50" data-testid="home-point-redeem">
            <Link to={`${paths.pointsShop}#redeem-${r.id}`} className="block p-2">
              <Cover src={coverOf(r)} shape="horizontal" className="rounded-lg" />
              <p className="mt-2 truncate text-sm font-semibold text-fg">{pickText(r.title, language)}</p>
              <p className="mt-1 flex items-baseline gap-2 text-sm">
                <span className="font-bold tabular-nums text-accent">{t('points_shop.points', { count: r.points })}</span>
                {r.list_points > r.points ? <s className="text-xs tabular-nums text-subtle">{t('points_shop.points', { count: r.list_points })}</s> : null}
              </p>
              <p className="text-xs text-muted">{t('points_shop.left', { count: r.left_count })}</p>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
