import {
  achievementPercent, STEAM_ACHIEVEMENTS_SHOWN, STEAM_DATA_GAMES, STEAM_REVIEWS_PER_PAGE, steamError, steamReviewsError, type Area,
} from '@lantern/domain';
import type { AccountAchievements, SteamReviewsOfAccount } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { STEAM_HIDDEN, type SteamOwnedGame } from '../../platform/linked-accounts/steam.ts';
import type { SteamLanguage } from '../../platform/linked-accounts/steam-stats.ts';
import { steamSourceOf } from './steam-source.ts';

/** Steam names achievements in the reader's language: Chinese on the mainland site, English abroad. */
const languageOf = (area: Area): SteamLanguage => (area === 'native' ? 'schinese' : 'english');

/** The most played games whose achievements and reviews are read (Steam answers those per game). */
function mostPlayed(owned: SteamOwnedGame[]): SteamOwnedGame[] {
  return [...owned].sort((a, b) => b.playtimeSeconds - a.playtimeSeconds || a.appId - b.appId).slice(0, STEAM_DATA_GAMES);
}

const NO_ACHIEVEMENTS = { games_count: 0, unlocked_count: 0, total_count: 0, games: [] };

/**
 * GET /api/accounts/{id}/achievements (docs/product/personal-pages.md#achievements): per game among the most
 * played, the unlocked share and the latest unlocked achievements; games without achievements are left out.
 * Only unlocked achievements are listed, so a hidden one (whose description Steam keeps secret) is never told early.
 */
export async function accountAchievements(deps: Deps, accountId: number, viewerId: number | null, area: Area): Promise<AccountAchievements> {
  const { steam: source, shared } = await steamSourceOf(deps, accountId, viewerId);
  if (!source || !shared) return { ...NO_ACHIEVEMENTS, steam_error: steamError(source !== null, false) };
  const owned = await source.api.ownedGames(source.steamId);
  if (owned === STEAM_HIDDEN) return { ...NO_ACHIEVEMENTS, steam_error: steamError(true, false) };
  const language = languageOf(area);
  const games = mostPlayed(owned);
  const perGame = await Promise.all(games.map((game) => source.api.achievements(source.steamId, game.appId, language)));
  if (perGame.includes(STEAM_HIDDEN)) return { ...NO_ACHIEVEMENTS, steam_error: steamError(true, false) };
  const listed = games.flatMap((game, i) => {
    const all = perGame[i] as Exclude<(typeof perGame)[number], typeof STEAM_HIDDEN>;
    if (all.length === 0) return [];
    const unlocked = all.filter((a) => a.unlockedAt !== null).sort((a, b) => b.unlockedAt! - a.unlockedAt! || a.apiName.localeCompare(b.apiName));
    return [{
      app_id: game.appId,
      name: game.name,
      playtime_seconds: game.playtimeSeconds,
      unlocked_count: unlocked.length,
      total_count: all.length,
      percent: achievementPercent(unlocked.length, all.length),
      achievements: unlocked.slice(0, STEAM_ACHIEVEMENTS_SHOWN).map((a) => ({
        api_name: a.apiName,
        name: a.name,
        description: a.description,
        icon_url: a.iconUrl,
        unlocked_at_timestamp: a.unlockedAt!,
      })),
    }];
  });
  return {
    steam_error: null,
    games_count: listed.length,
    unlocked_count: listed.reduce((sum, g) => sum + g.unlocked_count, 0),
    total_count: listed.reduce((sum, g) => sum + g.total_count, 0),
    games: listed,
  };
}

/**
 * GET /api/accounts/{id}/steam_reviews (docs/product/personal-pages.md#steam-reviews): the account's Steam
 * reviews of its most played games, newest first, 10 a page. Others see them only while the owner's
 * `show_steam_review` is on; then nothing is asked of Steam at all.
 */
export async function accountSteamReviews(deps: Deps, accountId: number, viewerId: number | null, page: number): Promise<SteamReviewsOfAccount> {
  const { steam: source, showSteamReview, shared } = await steamSourceOf(deps, accountId, viewerId);
  const meta = { total_count: 0, page, per: STEAM_REVIEWS_PER_PAGE };
  const visibility = { bound: source !== null, publicProfile: shared, showSteamReview, viewerIsOwner: viewerId === accountId };
  const refused = steamReviewsError(visibility);
  if (refused || !source) return { steam_error: refused ?? steamError(false, false), steam_reviews: [], meta };
  const owned = await source.api.ownedGames(source.steamId);
  if (owned === STEAM_HIDDEN) return { steam_error: steamReviewsError({ ...visibility, publicProfile: false }), steam_reviews: [], meta };
  const games = mostPlayed(owned);
  const names = new Map(games.map((g) => [g.appId, g.name]));
  const reviews = (await source.api.playerReviews(source.steamId, games.map((g) => g.appId)))
    .sort((a, b) => b.postedAt - a.postedAt || a.appId - b.appId);
  const start = (page - 1) * STEAM_REVIEWS_PER_PAGE;
  return {
    steam_error: null,
    steam_reviews: reviews.slice(start, start + STEAM_REVIEWS_PER_PAGE).map((r) => ({
      app_id: r.appId,
      game_name: names.get(r.appId) ?? String(r.appId),
      recommended: r.recommended,
      content: r.content,
      playtime_seconds: r.playtimeSeconds,
      helpful_count: r.helpfulCount,
      posted_at_timestamp: r.postedAt,
      url: `https://steamcommunity.com/profiles/${source.steamId}/recommended/${r.appId}/`,
    })),
    meta: { ...meta, total_count: reviews.length },
  };
}
