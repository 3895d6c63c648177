import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscussionTargetTypeName } from '@lantern/contract';
import { applyLikeChange, nextLikeState, type LikeState } from '@lantern/domain';
import { isApiError } from '../../../../lib/api';
import { errorToText } from '../../../../lib/errors';
import { useWhenSignedIn } from '../../../../lib/session';
import type { ReactNode } from 'react';
import { cn } from '../../../../ui/cn';
import { ThumbDownIcon, ThumbUpIcon } from '../../../../ui/icons';
import { toast } from '../../../../ui/toastStore';
import { useCommunityRefusal } from '../../../../ui/useCommunityRefusal';
import { useSetLike } from '../api/setLike';

export interface LikeCountsView {
  likes_count: number;
  dislikes_count: number;
  like_type: LikeState;
}

interface Props {
  type: DiscussionTargetTypeName;
  id: number;
  /** What the page loaded (the post's counts and the viewer's state). */
  initial: LikeCountsView;
  /** Told of every settled state, for a host showing the counts elsewhere too. */
  onChange?: (view: LikeCountsView) => void;
  className?: string;
}

/**
 * Like and dislike with live counts (docs/product/community.md#likes): pressing the current state cancels it,
 * the other switches; the change shows at once and is rolled back if the server refuses it. A guest's press
 * opens the sign-in popup (and a 401 from an expired session does too, through the API client); a refusal
 * (a warn ban, the like budget spent) is answered by `useCommunityRefusal`.
 */
export function LikeButtons({ type, id, initial, onChange, className }: Props) {
  const { t } = useTranslation();
  const whenSignedIn = useWhenSignedIn();
  const refusal = useCommunityRefusal();
  const [view, setView] = useState<LikeCountsView>(initial);
  useEffect(() => setView(initial), [initial]);
  const like = useSetLike({
    onSuccess: (answer, change) => {
      const next = { likes_count: answer.like.likes_count, dislikes_count: answer.like.dislikes_count, like_type: answer.like.like_type };
      setView(next);
      onChange?.(next);
      // A like is confirmed in words (the specification's like_post_successful); a dislike or a cancel is not.
      if (change.type === 1) toast.success(t('discussion.like_success'));
    },
  });

  const press = (pressed: 1 | 2) =>
    whenSignedIn(() => {
      const before = view;
      const wanted = nextLikeState(before.like_type, pressed);
      const counts = applyLikeChange({ plain: before.likes_count, dislike: before.dislikes_count }, before.like_type, wanted);
      setView({ likes_count: counts.plain, dislikes_count: counts.dislike, like_type: wanted });
      like.mutate(
        { accessible_type: type, accessible_id: id, type: wanted },
        {
          onError: (e) => {
            setView(before);
            if (!refusal.handle(e)) toast.fail(isApiError(e) && e.errors.account_id?.[0] === 'taken' ? t('discussion.already_liked') : errorToText(t, e));
          },
        },
      );
    });

  const button = (state: 1 | 2, label: string, count: number, icon: ReactNode) => (
    <button
      type="button"
      aria-pressed={view.like_type === state}
      aria-label={t(label, { count })}
      disabled={like.isPending}
      onClick={() => press(state)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm tabular-nums transition-colors',
        view.like_type === state ? 'border-accent bg-accent/15 text-accent' : 'border-ink-700 text-muted hover:bg-ink-800 hover:text-fg',
      )}
    >
      {icon}
      <span>{count}</span>
    </button>
  );

  return (
    <div className={cn('flex items-center gap-2', className)} data-testid="like-buttons">
      {button(1, 'discussion.like', view.likes_count, <ThumbUpIcon className="h-4 w-4" />)}
      {button(2, 'discussion.dislike', view.dislikes_count, <ThumbDownIcon className="h-4 w-4" />)}
      {refusal.dialogs}
    </div>
  );
}
