import type { ForumReview } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../ui/Section';
import { useEpicReviews } from '../api/epicReviews';
import { MoreReviews, PlatformReviewCard, type ReviewCardData } from './PlatformReviewCard';

const toCard = (r: ForumReview): ReviewCardData => ({
  id: r.id, recommended: r.recommended, content: r.content, helpfulCount: r.helpfulCount, likesCount: r.likesCount,
  playtimeSeconds: r.playtimeAtReview, authorName: r.authorName, postedTimestamp: r.postedTimestamp,
});

/** The game page's Epic reviews, most helpful first, 7 more at a time; nothing when the game has none. */
export function EpicReviews({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const reviews = useEpicReviews(skuId);
  const list = reviews.data?.pages.flatMap((p) => p.list) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;
  if (total === 0) return null;
  return (
    <Section id="sku-epic-reviews" title={t('game_reviews.epic_title')} testId="epic-reviews">
      <ul className="space-y-3" aria-label={t('game_reviews.epic_list', { count: total })}>
        {list.map((r) => (
          <PlatformReviewCard key={r.id} review={toCard(r)} testId="epic-review" />
        ))}
      </ul>
      <MoreReviews reviews={reviews} left={total - list.length} testId="epic-reviews-more" />
    </Section>
  );
}
