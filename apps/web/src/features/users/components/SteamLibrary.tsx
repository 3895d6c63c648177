import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { playtimeHours } from '@lantern/domain';
import { Card } from '../../../ui/Card';
import { profileSteamGamesQuery } from '../api/tabs';

/**
 * The games tab's Steam library (docs/product/personal-pages.md#games): the linked Steam profile's games, most
 * played first, with the count and hours of all of them. Nothing is shown without a linked Steam account; a
 * private Steam profile says so.
 */
export function SteamLibrary({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const q = useQuery(profileSteamGamesQuery(userId));
  if (!q.data || q.data.steam_error === 'unbind') return null;
  const steam = q.data;
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card className="mt-6 p-5" data-testid="profile-steam-library">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-subtle">{t('users.steam_library')}</h2>
        {steam.profile_url ? (
          <a href={steam.profile_url} target="_blank" rel="noopener noreferrer" className="text-sm text-accent hover:underline">{steam.show_id ?? t('users.steam_profile')}</a>
        ) : null}
      </div>
      {steam.steam_error === 'hidden' ? (
        <p className="mt-3 text-sm text-muted">{t('users.steam_hidden')}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted" data-testid="steam-summary">
            {t('users.games_summary', { count: steam.games_count, hours: hours.format(playtimeHours(steam.playtime_seconds)) })}
          </p>
          <ul className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
            {steam.games.map((g) => (
              <li key={g.app_id} className="flex justify-between gap-3 border-b border-ink-800 py-1.5 text-sm" data-testid="steam-game">
                <span className="min-w-0 truncate text-fg">{g.name}</span>
                <span className="shrink-0 tabular-nums text-muted">{t('library.hours', { hours: hours.format(playtimeHours(g.playtime_seconds)) })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
