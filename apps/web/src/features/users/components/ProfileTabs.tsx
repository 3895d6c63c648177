import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { Cover } from '../../../ui/Cover';
import { EmptyState } from '../../../ui/EmptyState';
import { ReadStatus } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { PlatformBadge } from '../../../ui/SkuCard';
import { PostCard } from '../../../ui/PostCard';
import { CommentContent } from '../../../ui/CommentContent';
import { profileCommentsQuery, profileFriendsQuery, profileGamesQuery, profilePostsQuery, type ProfileComment } from '../api/tabs';
import { Avatar } from '../../../ui/Avatar';
import { cn } from '../../../ui/cn';
import { pageCount } from '../../../lib/paging';


interface TabProps {
  userId: string;
  page: number;
  hrefFor: (page: number) => string;
  /** Whose page it is, for the empty state: "you have…" or "this player has…". */
  isSelf: boolean;
}

/** Games: the account's games on this site, most played first, with the hours (docs/product/personal-pages.md#games). */
export function ProfileGames({ userId, page, hrefFor, isSelf }: TabProps) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const q = useQuery(profileGamesQuery(userId, page));
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  if (q.data.community_games.length === 0) return <EmptyState title={t(isSelf ? 'users.no_games_self' : 'users.no_games')} />;
  return (
    <>
      <p className="mb-3 text-sm text-muted" data-testid="profile-games-summary">
        {t('users.games_summary', { count: q.data.meta.total_count, hours: hours.format(q.data.meta.total_hours) })}
      </p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="profile-games">
        {q.data.community_games.map((g) => (
          <li key={g.id} className="group relative flex gap-3 overflow-hidden rounded-[var(--radius-card)] bg-ink-850 p-2 ring-1 ring-ink-700 transition hover:ring-accent/50" data-testid="profile-game">
            <div className="w-32 shrink-0 overflow-hidden rounded-md"><Cover src={g.sku.sku_covers.horizontal} shape="horizontal" /></div>
            <div className="min-w-0 py-1">
              <Link to={paths.sku(g.sku_id)} className="line-clamp-1 font-semibold text-fg after:absolute after:inset-0 group-hover:text-accent-strong">{localize(g.sku.sku_names)}</Link>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                <PlatformBadge sku={g.sku} />
                <span data-testid="playtime">{g.playtime_seconds > 0 ? t('library.hours', { hours: hours.format(g.playtime_hours) }) : t('library.not_played')}</span>
              </div>
              {g.last_played_at_timestamp ? <p className="mt-1 text-xs text-subtle">{t('library.last_played', { date: formatDate(g.last_played_at_timestamp, i18n.language) })}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      <Pagination className="mt-6" page={page} pages={pageCount(q.data.meta)} hrefFor={hrefFor} />
    </>
  );
}

/** Posts or reviews the account wrote, newest first, as the community lists them. */
export function ProfilePosts({ userId, page, hrefFor, isSelf, type }: TabProps & { type: 'Post' | 'Review' }) {
  const { t } = useTranslation();
  const q = useQuery(profilePostsQuery(userId, type, page));
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  const none = type === 'Review' ? (isSelf ? 'users.no_reviews_self' : 'users.no_reviews') : (isSelf ? 'users.no_posts_self' : 'users.no_posts');
  if (q.data.posts.length === 0) return <EmptyState title={t(none)} />;
  return (
    <>
      <ul className="space-y-3" data-testid={`profile-${type === 'Review' ? 'reviews' : 'posts'}`}>
        {q.data.posts.map((post) => <PostCard key={post.id} post={post} showGroup />)}
      </ul>
      <Pagination className="mt-6" page={page} pages={pageCount(q.data.meta)} hrefFor={hrefFor} />
    </>
  );
}

/** Where a comment was written: a link to it where the web has a page for that kind of thing. */
function commentHref(c: ProfileComment): string | null {
  return c.commentable_type === 'Post' ? paths.post(c.commentable_id) : null;
}

/** Comments, or replies, the account wrote, newest first, each linking to where it was written. */
export function ProfileComments({ userId, page, hrefFor, isSelf, replies }: TabProps & { replies: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const q = useQuery(profileCommentsQuery(userId, replies, page));
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  const none = replies ? (isSelf ? 'users.no_replies_self' : 'users.no_replies') : (isSelf ? 'users.no_comments_self' : 'users.no_comments');
  if (q.data.comments.length === 0) return <EmptyState title={t(none)} />;
  return (
    <>
      <ul className="space-y-3" data-testid={replies ? 'profile-replies' : 'profile-comments'}>
        {q.data.comments.map((c) => {
          const href = commentHref(c);
          return (
            <li key={c.id} className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700" data-testid="profile-comment">
              <p className="mb-2 flex flex-wrap items-center gap-2 text-xs text-subtle">
                <span>{t(c.reply ? 'users.replied' : 'users.commented')}</span>
                {href ? <Link to={href} className="font-medium text-muted hover:text-accent-strong">{t('users.view_thread')}</Link> : null}
                {c.moderation_state !== 'published' ? <span className="rounded bg-ink-700 px-1.5 py-0.5 font-semibold text-muted">{t(`users.state_${c.moderation_state}`)}</span> : null}
                <span className="ml-auto">{formatDate(c.created_at_timestamp, language)}</span>
              </p>
              <CommentContent html={c.content} />
            </li>
          );
        })}
      </ul>
      <Pagination className="mt-6" page={page} pages={pageCount(q.data.meta)} hrefFor={hrefFor} />
    </>
  );
}

/**
 * Friends: whom the account follows, or who follows it (`kind`, in the address), with both counts; each links to
 * its own page, marked when the reader follows it too.
 */
export function ProfileFriends({ userId, page, hrefFor, isSelf, kind, kindHref }: TabProps & { kind: 'following' | 'followers'; kindHref: (kind: 'following' | 'followers') => string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const q = useQuery(profileFriendsQuery(userId, kind, page));
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  const chip = (k: 'following' | 'followers', count: number) => (
    <Link to={kindHref(k)} replace aria-current={k === kind ? 'page' : undefined} data-testid={`friends-${k}`}
      className={cn('rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset', k === kind ? 'bg-accent text-accent-ink ring-accent' : 'text-muted ring-ink-700 hover:text-fg')}>
      {t(`users.friends_${k}`, { count })}
    </Link>
  );
  const none = kind === 'following' ? (isSelf ? 'users.no_following_self' : 'users.no_following') : (isSelf ? 'users.no_followers_self' : 'users.no_followers');
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">{chip('following', q.data.following_count)}{chip('followers', q.data.followers_count)}</div>
      {q.data.friends.length === 0 ? <EmptyState title={t(none)} /> : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="profile-friends">
          {q.data.friends.map((f) => (
            <li key={f.id} className="group relative flex items-center gap-3 rounded-[var(--radius-card)] bg-ink-850 p-3 ring-1 ring-ink-700 hover:ring-accent/50" data-testid="profile-friend">
              <Avatar name={f.nickname} url={f.avatar_url} size={40} />
              <div className="min-w-0">
                <Link to={paths.user(f.id)} className="line-clamp-1 font-semibold text-fg after:absolute after:inset-0 group-hover:text-accent-strong">{f.nickname}</Link>
                <p className="text-xs text-subtle">{t('users.followed_since', { date: formatDate(f.followed_at_timestamp, language) })}</p>
              </div>
              {f.following ? <span className="ml-auto rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">{t('users.you_follow')}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-6" page={page} pages={pageCount(q.data.meta)} hrefFor={hrefFor} />
    </>
  );
}
