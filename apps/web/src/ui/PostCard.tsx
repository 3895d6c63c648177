import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { foreignLanguageOf } from '@lantern/domain';
import type { postsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { paths } from '../lib/paths';
import { formatDate, pickText, useLanguage } from '../lib/localize';
import { Avatar } from './Avatar';
import { cn } from './cn';
import { StarIcon } from './icons';
import { LanguageTag } from './LanguageTag';

type CommunityPost = z.infer<typeof postsResponse>['posts'][number];

/** A review's stars (1–5), read out as "4 of 5 stars". */
export function Stars({ score, className }: { score: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-0.5 text-accent', className)} role="img" aria-label={t('community.stars', { count: score })}>
      {[1, 2, 3, 4, 5].map((i) => (
        // Earned stars are filled: outlines alone made a 5-star and a 1-star review look alike at a glance.
        <StarIcon key={i} aria-hidden="true" fill={i <= score ? 'currentColor' : 'none'} className={cn('size-4', i > score && 'opacity-40')} />
      ))}
    </span>
  );
}

/** The verdict of a review: its stars, or recommended / not recommended. */
export function Verdict({ post }: { post: Pick<CommunityPost, 'type' | 'score' | 'recommend'> }) {
  const { t } = useTranslation();
  if (post.type !== 'Review') return null;
  if (post.score !== null) return <Stars score={post.score} />;
  return (
    <span className={cn('rounded px-1.5 py-0.5 text-xs font-semibold', post.recommend ? 'bg-success/15 text-success' : 'bg-danger/15 text-danger')}>
      {t(post.recommend ? 'community.recommended' : 'community.not_recommended')}
    </span>
  );
}

/** Badges of a post: pinned, featured, locked. */
export function PostBadges({ post }: { post: Pick<CommunityPost, 'sticky_sequence' | 'featured' | 'locked'> }) {
  const { t } = useTranslation();
  const badge = 'rounded px-1.5 py-0.5 text-[11px] font-semibold';
  return (
    <>
      {post.sticky_sequence > 0 ? <span className={cn(badge, 'bg-accent/15 text-accent')}>{t('community.pinned')}</span> : null}
      {post.featured ? <span className={cn(badge, 'bg-success/15 text-success')}>{t('community.featured')}</span> : null}
      {post.locked ? <span className={cn(badge, 'bg-ink-700 text-muted')}>{t('community.locked')}</span> : null}
    </>
  );
}

/** A post or review in a list: author, verdict, title or first words, and its counts. */
export function PostCard({ post, showGroup = false }: { post: CommunityPost; showGroup?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = post.author?.nickname ?? t('community.gone_author');
  const foreign = foreignLanguageOf(`${post.title} ${post.excerpt}`, language);
  return (
    <li className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700" data-testid="community-post" data-id={post.id}>
      <div className="flex items-center gap-2 text-sm">
        <Avatar name={name} url={post.author?.avatar_url ?? null} size={28} />
        <span className="font-semibold text-fg">{name}</span>
        {post.author?.title ? <span className="text-xs text-accent">{t(`community.title_${post.author.title}`)}</span> : null}
        <span className="ml-auto text-xs text-subtle">{formatDate(post.published_at_timestamp, language)}</span>
      </div>
      <Link to={paths.post(post.id)} className="mt-3 block rounded-md hover:text-accent-strong">
        <div className="flex flex-wrap items-center gap-2">
          <PostBadges post={post} />
          {post.type === 'Review' ? <span className="rounded bg-ink-700 px-1.5 py-0.5 text-[11px] font-semibold text-muted">{t('community.review')}</span> : null}
          <Verdict post={post} />
          {foreign ? <LanguageTag language={foreign} /> : null}
        </div>
        {post.title ? <h3 lang={foreign ?? undefined} className="mt-2 line-clamp-2 font-semibold text-fg">{post.title}</h3> : null}
        <p lang={foreign ?? undefined} className={cn('mt-1 text-sm leading-relaxed text-muted', post.title ? 'line-clamp-2' : 'line-clamp-3')}>{post.excerpt}</p>
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-subtle">
        {showGroup ? (
          <Link to={paths.group(post.group.id)} className="font-medium text-muted hover:text-accent-strong">
            {pickText(post.group.name, language)}
          </Link>
        ) : null}
        {post.playtime_hours !== null ? <span>{t('community.playtime', { hours: post.playtime_hours })}</span> : null}
        {post.bought_here ? <span className="text-success">{t('community.bought_here')}</span> : null}
        <span>{t('community.likes', { count: post.likes_count })}</span>
        <span>{t('community.comments', { count: post.comments_count })}</span>
      </div>
    </li>
  );
}
