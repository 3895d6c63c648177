import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useWhenSignedIn } from '../../../lib/session';
import { cn } from '../../../ui/cn';
import { toast } from '../../../ui/toastStore';
import { useCastVote, useGameVote } from '../api/gameVote';

/**
 * The game's community vote (docs/product/community.md#votes): the question and its options with live
 * percentages. One vote per account; a guest's click opens the sign-in popup; a refusal shows the server's
 * words (`errorMsg`) or `vote_failed`.
 */
export function GameVote({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const vote = useGameVote(skuId);
  const whenSignedIn = useWhenSignedIn();
  const cast = useCastVote(skuId, {
    onSuccess: () => toast.success(t('game_reviews.voted')),
    onError: (e) => {
      if (isApiError(e) && e.status === 401) return; // the sign-in popup is open
      const words = isApiError(e) && typeof e.meta.errorMsg === 'string' ? e.meta.errorMsg : '';
      toast.fail(words || t('game_reviews.vote_failed'));
    },
  });
  const info = vote.data;
  if (!info) return null;
  const open = info.status === 'current';
  const showResults = info.myOptionId !== null || !open;
  return (
    <section aria-labelledby="sku-vote" className="rounded-2xl bg-ink-900/70 p-4 ring-1 ring-ink-700 sm:p-5" data-testid="game-vote" data-status={info.status}>
      <p className="text-xs font-semibold uppercase tracking-wide text-accent">{t('game_reviews.vote_label')}</p>
      <h2 id="sku-vote" className="mt-1 text-lg font-bold text-fg">{info.title}</h2>
      <p className="mt-0.5 text-xs text-subtle">
        {info.status === 'not_start'
          ? t('game_reviews.vote_starts', { date: formatDate(info.startTimestamp, language) })
          : info.status === 'end'
            ? t('game_reviews.vote_ended')
            : info.endTimestamp
              ? t('game_reviews.vote_until', { date: formatDate(info.endTimestamp, language) })
              : null}
      </p>
      <ul className="mt-3 space-y-2">
        {info.options.map((o) => {
          const mine = info.myOptionId === o.id;
          return (
            <li key={o.id}>
              <button
                type="button"
                disabled={!open || info.myOptionId !== null || cast.isPending}
                aria-pressed={mine}
                onClick={() => whenSignedIn(() => cast.mutate({ activityId: info.id, optionId: o.id }))}
                className={cn(
                  'relative flex min-h-11 w-full items-center justify-between gap-3 overflow-hidden rounded-xl px-3 py-2 text-left text-sm ring-1 ring-inset transition',
                  mine ? 'ring-accent' : 'ring-ink-700',
                  open && info.myOptionId === null ? 'hover:bg-ink-800 hover:ring-ink-600' : 'cursor-default',
                )}
                data-testid="vote-option"
                data-mine={mine}
              >
                {showResults ? (
                  <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 -z-0', mine ? 'bg-accent/25' : 'bg-ink-700/60')} style={{ width: `${o.percent}%` }} />
                ) : null}
                <span className="relative font-medium text-fg">
                  {o.label}
                  {mine ? <span className="ml-2 text-xs font-semibold text-accent">{t('game_reviews.your_vote')}</span> : null}
                </span>
                {showResults ? (
                  <span className="relative shrink-0 tabular-nums text-muted" data-testid="vote-percent">
                    {o.percent}%
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-subtle" data-testid="vote-total">
        {t('game_reviews.vote_total', { count: info.totalCount })}
      </p>
    </section>
  );
}
