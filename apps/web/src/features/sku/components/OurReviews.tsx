import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage } from '../../../lib/localize';
import { buttonClass } from '../../../ui/Button';
import { Section } from '../../../ui/Section';
import { useGameGroup, useGameReviews } from '../api/ourReviews';

/**
 * The game page's "our reviews" (docs/product/community.md#reviews): the score summary of the game's group,
 * its latest reviews, and the way to the group. Nothing shows for a game without a group.
 */
export function OurReviews({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const group = useGameGroup(productId);
  const g = group.data ?? null;
  const reviews = useGameReviews(g?.id ?? null);
  if (!g) return null;
  return (
    <Section id="sku-our-reviews" title={t('community.our_reviews')} testId="our-reviews" more={{ to: paths.group(g.id, 'reviews'), label: t('community.see_group') }}>
      <div className="rounded-xl bg-ink-900/60 p-4 ring-1 ring-ink-800">
        <p className="text-sm text-muted" data-testid="our-reviews-summary">
          {g.percent === null ? t('community.no_reviews') : t('community.positive_percent', { percent: g.percent, count: g.reviews_count })}
        </p>
        {reviews.data && reviews.data.posts.length > 0 ? (
          <ul className="mt-3 divide-y divide-ink-800">
            {reviews.data.posts.map((r) => (
              <li key={r.id} className="py-3">
                <Link to={paths.post(r.id)} className="block hover:text-accent-strong">
                  <p className="flex flex-wrap items-center gap-2 text-xs text-subtle">
                    <span className="font-semibold text-fg">{r.author?.nickname ?? t('community.gone_author')}</span>
                    {r.score !== null ? <span className="text-accent" aria-label={t('community.stars', { count: r.score })}>{'★'.repeat(r.score)}</span>
                      : <span className={r.recommend ? 'text-success' : 'text-danger'}>{t(r.recommend ? 'community.recommended' : 'community.not_recommended')}</span>}
                    {r.playtime_hours !== null ? <span>{t('community.playtime', { hours: r.playtime_hours })}</span> : null}
                    <span className="ml-auto">{formatDate(r.published_at_timestamp, language)}</span>
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm text-muted">{r.title || r.excerpt}</p>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={paths.writePost(g.id, 'Review')} className={`${buttonClass('secondary', 'sm')} mt-3`}>{t('community.write_one')}</Link>
      </div>
    </Section>
  );
}
