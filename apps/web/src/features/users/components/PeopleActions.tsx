import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { useMe } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { followStateQuery, useBlock, useFollow } from '../api/follow';

/**
 * The personal page's follow and block buttons (docs/product/people.md#follows, #block-list). A guest sees
 * "Follow" and gets the sign-in popup from it; across a block Follow is disabled (unblock first).
 */
export function PeopleActions({ id }: { id: string }) {
  const { t } = useTranslation();
  const state = useQuery(followStateQuery(id));
  const follow = useFollow(id);
  const block = useBlock(id);
  const me = useMe().data ?? null;
  const s = state.data;
  if (!s) return null;
  const onFollow = () =>
    follow.mutate(!s.following, {
      onSuccess: (r) => toast.success(t(r.follow.following ? 'people.follow_success' : 'people.unfollow_success')),
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  const onBlock = () => {
    if (!s.blocked && !window.confirm(t('people.block_confirm'))) return;
    block.mutate(!s.blocked, {
      onSuccess: (r) => toast.success(t(`people.${r.data.message}`)),
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-2 sm:pt-3" data-testid="people-actions">
      <span className="text-sm text-muted" data-testid="followers-count">{t('people.followers', { count: s.followers_count })}</span>
      {!s.blocked ? (
        <Button variant={s.following ? 'secondary' : 'primary'} size="sm" loading={follow.isPending} onClick={onFollow} disabled={me !== null && !s.can_follow && !s.following} data-testid="follow-button">
          {t(s.following ? 'people.unfollow' : 'people.follow')}
        </Button>
      ) : null}
      {!s.blocked && me?.id !== Number(id) ? (
        // A first message starts on its own page (docs/product/messaging.md#private-messages); a guest signs in there.
        <Link to={paths.newConversation(id)} className="inline-flex h-8 items-center rounded-lg bg-ink-800 px-3 text-sm text-fg ring-1 ring-inset ring-ink-600 hover:bg-ink-700" data-testid="send-message-button">
          {t('conversations.send_message')}
        </Link>
      ) : null}
      <Button variant="ghost" size="sm" loading={block.isPending} onClick={onBlock} data-testid="block-button">
        {t(s.blocked ? 'people.unblock' : 'people.block')}
      </Button>
    </div>
  );
}
