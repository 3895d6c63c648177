import type { PlatformReview, SteamEvaluation } from '@lantern/contract';
import { steamScoreTone, type SteamScoreKey } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';
import { Section } from '../../../ui/Section';
import { useSteamEvaluation, useSteamReviews } from '../api/steamReviews';
import { MoreReviews, PlatformReviewCard, type ReviewCardData } from './PlatformReviewCard';

const toCard = (r: PlatformReview): ReviewCardData => ({
  id: r.id, recommended: r.recommended, content: r.content, helpfulCount: r.helpful_count, likesCount: r.likes_count,
  playtimeSeconds: r.playtime_at_review, authorName: r.author_name, postedTimestamp: r.posted_at_timestamp,
});

const TONES = { positive: 'text-info', mixed: 'text-accent', negative: 'text-danger', none: 'text-muted' } as const;

/** Steam's verdict on the game: its label (Steam's words, in the site's language), the share of positive reviews and their number. */
export function SteamEvaluationSummary({ evaluation }: { evaluation: SteamEvaluation }) {
  const { t, i18n } = useTranslation();
  const tone = steamScoreTone(evaluation.scoreKey as SteamScoreKey);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-ink-900/60 px-4 py-3 ring-1 ring-ink-800" data-testid="steam-evaluation" data-score={evaluation.scoreKey}>
      <span className="text-xs font-semibold uppercase tracking-wide text-subtle">{t('game_reviews.steam_overall')}</span>
      <span className={cn('text-lg font-bold', TONES[tone])}>{evaluation.scoreLabel}</span>
      {evaluation.total > 0 ? (
        <span className="text-sm text-muted">
          {t('game_reviews.summary', { percent: evaluation.positivePercent, total: new Intl.NumberFormat(i18n.language).format(evaluation.total) })}
        </span>
      ) : null}
    </div>
  );
}

/** The game page's Steam reviews (docs/product/community.md#steam-and-epic-reviews): Steam's verdict, then the site's reviews, most helpful first, 7 more at a time. */
export function SteamReviews({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const evaluation = useSteamEvaluation(skuId);
  const reviews = useSteamReviews(skuId);
  const list = reviews.data?.pages.flatMap((p) => p.steam_reviews) ?? [];
  const total = reviews.data?.pages[0]?.meta.total_count ?? 0;
  if (reviews.isPending || evaluation.isPending) return null;
  if (total === 0 && (evaluation.data?.total ?? 0) === 0) return null;
  return (
    <Section id="sku-steam-reviews" title={t('game_reviews.steam_title')} testId="steam-reviews">
      {evaluation.data ? <SteamEvaluationSummary evaluation={evaluation.data} /> : null}
      {list.length > 0 ? (
        <ul className="mt-3 space-y-3" aria-label={t('game_reviews.steam_list', { count: total })}>
          {list.map((r) => (
            <PlatformReviewCard key={r.id} review={toCard(r)} testId="steam-review" />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">{t('game_reviews.none_here')}</p>
      )}
      <MoreReviews reviews={reviews} left={total - list.length} testId="steam-reviews-more" />
    </Section>
  );
}
