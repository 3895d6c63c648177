import { playtimeHours } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, useLanguage } from '../../../lib/localize';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';

/** What a Steam or Epic review card shows, whichever call it came from. */
export interface ReviewCardData {
  id: number;
  recommended: boolean;
  content: string;
  helpfulCount: number;
  likesCount: number;
  playtimeSeconds: number;
  authorName: string;
  postedTimestamp: number;
}

function Thumb({ up, className }: { up: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('shrink-0', !up && 'rotate-180', className)} fill="currentColor">
      <path d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z" />
    </svg>
  );
}

/** One imported review (docs/product/community.md#steam-and-epic-reviews): verdict, play time at review, date, text, helpful votes. */
export function PlatformReviewCard({ review, testId }: { review: ReviewCardData; testId: string }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const hours = playtimeHours(review.playtimeSeconds);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <li className="rounded-xl bg-ink-900/60 p-4 ring-1 ring-ink-800" data-testid={testId} data-id={review.id} data-helpful={review.helpfulCount}>
      <div className="flex items-start gap-3">
        <span
          className={cn('grid size-9 shrink-0 place-items-center rounded-lg', review.recommended ? 'bg-info/15 text-info' : 'bg-danger/15 text-danger')}
          aria-hidden="true"
        >
          <Thumb up={review.recommended} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-fg">{review.recommended ? t('game_reviews.recommended') : t('game_reviews.not_recommended')}</p>
          <p className="text-xs text-subtle">
            {review.authorName ? <span className="text-muted">{review.authorName} · </span> : null}
            {t('game_reviews.playtime', { hours: number(hours) })} · {formatDate(review.postedTimestamp, language)}
          </p>
        </div>
      </div>
      <p className="mt-3 line-clamp-6 whitespace-pre-line break-words text-sm leading-relaxed text-fg/90">{review.content}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
        <span data-testid="review-helpful">{t('game_reviews.helpful', { count: review.helpfulCount, formatted: number(review.helpfulCount) })}</span>
        {review.likesCount > 0 ? <span>{t('game_reviews.likes', { count: review.likesCount })}</span> : null}
      </p>
    </li>
  );
}

/** "N more" under a platform's reviews while it has another page: loads the next 7. */
export function MoreReviews({ reviews, left, testId }: { reviews: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }; left: number; testId: string }) {
  const { t } = useTranslation();
  if (!reviews.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()} data-testid={testId}>
        {t('game_reviews.more', { left })}
      </Button>
    </div>
  );
}
