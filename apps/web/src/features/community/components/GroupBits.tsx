import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Group } from '@lantern/contract';
import { pickText, useLanguage } from '../../../lib/localize';
import { Cover } from '../../../ui/Cover';
import { communityPaths } from '../paths';

/**
 * A group's score distribution as five labelled bars (decisions/0016: five bars need no chart library; a
 * list with numbers reads out well and costs nothing to load).
 */
export function EvaluationBars({ distribution, percent, average, reviewsCount }: { distribution: readonly number[]; percent: number | null; average: number | null; reviewsCount: number }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...distribution);
  return (
    <div data-testid="group-evaluation">
      <p className="flex items-baseline gap-3">
        <span className="text-3xl font-black tabular-nums text-fg">{average ?? '–'}</span>
        <span className="text-sm text-muted">
          {percent === null ? t('community.no_reviews') : t('community.positive_percent', { percent, count: reviewsCount })}
        </span>
      </p>
      <ol className="mt-3 space-y-1.5" aria-label={t('community.distribution')}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = distribution[stars - 1] ?? 0;
          return (
            <li key={stars} className="grid grid-cols-[3.5rem_1fr_2.5rem] items-center gap-2 text-xs">
              <span className="text-muted">{t('community.stars', { count: stars })}</span>
              <span className="h-2 overflow-hidden rounded-full bg-ink-700" aria-hidden="true">
                <span className="block h-full rounded-full bg-accent" style={{ width: `${(n / max) * 100}%` }} />
              </span>
              <span className="text-right tabular-nums text-muted">{n}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A group in a grid: its game's cover, name, members and how its reviews lean. */
export function GroupCard({ group }: { group: Group }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className="overflow-hidden rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700" data-testid="group-card" data-id={group.id}>
      <Link to={communityPaths.group(group.id)} className="block hover:text-accent-strong">
        {group.community_game ? <Cover src={group.community_game.cover} shape="horizontal" alt="" /> : <div className="aspect-[92/43] bg-ink-800" />}
        <div className="p-3">
          <h3 className="line-clamp-1 font-semibold text-fg">{pickText(group.name, language)}</h3>
          <p className="mt-1 text-xs text-muted">
            {t('community.members', { count: group.users_count })} · {t('community.reviews_count', { count: group.reviews_count })}
            {group.percent !== null ? ` · ${t('community.positive_short', { percent: group.percent })}` : ''}
          </p>
        </div>
      </Link>
    </li>
  );
}
