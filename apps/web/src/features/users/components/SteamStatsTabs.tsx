import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playtimeHours } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage } from '../../../lib/localize';
import { Card } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { StarIcon } from '../../../ui/icons';
import { ReadStatus } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { profileAchievementsQuery } from '../api/achievements';
import { profileSteamReviewsQuery } from '../api/steam-reviews';
import { pageCount } from '../../../lib/paging';

interface TabProps {
  userId: string;
  page: number;
  hrefFor: (page: number) => string;
  isSelf: boolean;
}

/** Without Steam, the owner is offered the linked-accounts page; a visitor reads that nothing is linked. */
function SteamUnavailable({ error, isSelf }: { error: 'unbind' | 'hidden' | 'not_shown'; isSelf: boolean }) {
  const { t } = useTranslation();
  const action = error === 'unbind' && isSelf
    ? <Link to={paths.linkedAccounts} className="text-sm font-medium text-accent hover:underline">{t('steam_stats.link_steam')}</Link>
    : undefined;
  return <EmptyState title={t(`steam_stats.error_${error}${error === 'unbind' && isSelf ? '_self' : ''}`)} action={action} />;
}

/** The achievements tab (docs/product/personal-pages.md#achievements): per most played Steam game, the share unlocked and the latest unlocked. */
export function ProfileAchievements({ userId, isSelf }: Pick<TabProps, 'userId' | 'isSelf'>) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const q = useQuery(profileAchievementsQuery(userId));
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  if (q.data.steam_error) return <SteamUnavailable error={q.data.steam_error} isSelf={isSelf} />;
  if (q.data.games.length === 0) return <EmptyState title={t('steam_stats.no_achievements')} />;
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <>
      <p className="mb-3 text-sm text-muted" data-testid="achievements-summary">
        {t('steam_stats.achievements_summary', { count: q.data.games_count, unlocked: q.data.unlocked_count, total: q.data.total_count })}
      </p>
      <ul className="space-y-3" data-testid="profile-achievements">
        {q.data.games.map((g) => (
          <li key={g.app_id} data-testid="achievement-game">
            <Card className="p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-fg">{g.name}</h3>
                <span className="text-xs text-subtle">{t('library.hours', { hours: hours.format(playtimeHours(g.playtime_seconds)) })}</span>
              </div>
              <div className="mt-2 flex items-center gap-3">
                <div className="h-2 flex-1 overflow-hidden rounded-full bg-ink-800" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={g.percent} aria-label={g.name}>
                  <div className="h-full rounded-full bg-accent" style={{ width: `${g.percent}%` }} />
                </div>
                <span className="shrink-0 text-sm tabular-nums text-muted" data-testid="achievement-progress">
                  {t('steam_stats.unlocked_of', { unlocked: g.unlocked_count, total: g.total_count, percent: g.percent })}
                </span>
              </div>
              {g.achievements.length > 0 ? (
                <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {g.achievements.map((a) => (
                    <li key={a.api_name} className="flex items-start gap-3 rounded-lg bg-ink-900/60 p-2 ring-1 ring-ink-800" data-testid="achievement">
                      {a.icon_url
                        ? <img src={a.icon_url} alt="" className="size-10 shrink-0 rounded-md" loading="lazy" />
                        : <span className="grid size-10 shrink-0 place-items-center rounded-md bg-accent/15 text-accent" aria-hidden="true"><StarIcon className="size-5" /></span>}
                      <div className="min-w-0">
                        <p className="line-clamp-1 text-sm font-medium text-fg">{a.name}</p>
                        {a.description ? <p className="line-clamp-2 text-xs text-muted">{a.description}</p> : null}
                        <p className="mt-0.5 text-xs text-subtle">{t('steam_stats.unlocked_on', { date: formatDate(a.unlocked_at_timestamp, language) })}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The Steam reviews tab (docs/product/personal-pages.md#steam-reviews): the owner's setting decides whether others see them. */
export function ProfileSteamReviews({ userId, page, hrefFor, isSelf, showsToOthers }: TabProps & { showsToOthers: boolean | null }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const q = useQuery(profileSteamReviewsQuery(userId, page));
  if (q.isPending || q.isError) return <ReadStatus read={q} />;
  if (q.data.steam_error) return <SteamUnavailable error={q.data.steam_error} isSelf={isSelf} />;
  const number = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n);
  const ownerNote = isSelf && showsToOthers === false
    ? <p className="mb-3 rounded-lg bg-ink-850 p-3 text-sm text-muted ring-1 ring-ink-700" data-testid="steam-reviews-private-note">{t('steam_stats.only_you')} <Link to={paths.profile} className="text-accent hover:underline">{t('steam_stats.change_setting')}</Link></p>
    : null;
  if (q.data.steam_reviews.length === 0) return <>{ownerNote}<EmptyState title={t(isSelf ? 'steam_stats.no_reviews_self' : 'steam_stats.no_reviews')} /></>;
  return (
    <>
      {ownerNote}
      <ul className="space-y-3" data-testid="profile-steam-reviews">
        {q.data.steam_reviews.map((r) => (
          <li key={r.app_id} className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700" data-testid="steam-review">
            <div className="flex flex-wrap items-center gap-2">
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', r.recommended ? 'bg-info/15 text-info' : 'bg-danger/15 text-danger')}>
                {t(r.recommended ? 'steam_stats.recommended' : 'steam_stats.not_recommended')}
              </span>
              <span className="font-semibold text-fg">{r.game_name}</span>
              <span className="ml-auto text-xs text-subtle">{formatDate(r.posted_at_timestamp, language)}</span>
            </div>
            <p className="mt-3 whitespace-pre-line break-words text-sm leading-relaxed text-fg/90">{r.content}</p>
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
              <span>{t('steam_stats.played_when_written', { hours: number(playtimeHours(r.playtime_seconds)) })}</span>
              <span>{t('steam_stats.helpful', { count: r.helpful_count })}</span>
              <a href={r.url} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">{t('steam_stats.on_steam')}</a>
            </p>
          </li>
        ))}
      </ul>
      <Pagination className="mt-6" page={page} pages={pageCount(q.data.meta)} hrefFor={hrefFor} />
    </>
  );
}
