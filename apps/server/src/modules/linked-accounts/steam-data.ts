import { steamError } from '@lantern/domain';
import type { SteamFriends, SteamGames, SteamPlatform } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { STEAM_HIDDEN } from '../../platform/linked-accounts/steam.ts';
import { accountSummaries } from '../accounts/index.ts';
import { accountsBySteamIds, bindingOf } from './links.ts';
import { steamSourceOf } from './steam-source.ts';

const NOT_BOUND: SteamPlatform = {
  bound: false, steam_id: null, show_id: null, avatar_url: null, profile_url: null, public: null, games_count: null, playtime_seconds: null, games: [], bound_at_timestamp: null,
};

/** GET /api/platforms/steam: the signed-in account's Steam binding with its library from the Steam Web API. */
export async function steamPlatform(deps: Deps, accountId: number): Promise<SteamPlatform> {
  const binding = await bindingOf(deps.db, accountId, 'steam');
  if (!binding) return NOT_BOUND;
  const api = deps.linkedAccounts.steamWebApi;
  const [player, owned] = api ? await Promise.all([api.player(binding.externalId), api.ownedGames(binding.externalId)]) : [null, STEAM_HIDDEN];
  const games = owned === STEAM_HIDDEN ? [] : [...owned].sort((a, b) => b.playtimeSeconds - a.playtimeSeconds);
  return {
    bound: true,
    steam_id: binding.externalId,
    show_id: binding.showId,
    avatar_url: player?.avatarUrl || binding.profile.avatarUrl || null,
    profile_url: player?.profileUrl || binding.profile.profileUrl || null,
    public: owned !== STEAM_HIDDEN,
    games_count: owned === STEAM_HIDDEN ? null : games.length,
    playtime_seconds: owned === STEAM_HIDDEN ? null : games.reduce((sum, g) => sum + g.playtimeSeconds, 0),
    games: games.map((g) => ({ app_id: g.appId, name: g.name, playtime_seconds: g.playtimeSeconds })),
    bound_at_timestamp: Math.floor(binding.createdAt.getTime() / 1000),
  };
}

/** The most Steam games a personal page lists; the count and hours are of all of them. */
export const STEAM_GAMES_SHOWN = 50;

/**
 * GET /api/accounts/{id}/steam_games: the Steam library on a personal page (docs/product/personal-pages.md#games),
 * shared with others once its owner acknowledged the responsibility declaration (`steamDataShared`); `unbind`
 * without a Steam account, `hidden` when the Steam profile keeps its games private or is not shared. A closed or
 * unknown account is 404.
 */
export async function steamGames(deps: Deps, accountId: number, viewerId: number | null): Promise<SteamGames> {
  const { steam, showId, profileUrl, shared } = await steamSourceOf(deps, accountId, viewerId);
  const none = { show_id: showId, profile_url: profileUrl, games_count: 0, playtime_seconds: 0, games: [] };
  if (!steam || !shared) return { ...none, steam_error: steamError(steam !== null, false) };
  const owned = await steam.api.ownedGames(steam.steamId);
  if (owned === STEAM_HIDDEN) return { ...none, steam_error: steamError(true, false) };
  const games = [...owned].sort((a, b) => b.playtimeSeconds - a.playtimeSeconds);
  return {
    ...none,
    steam_error: null,
    games_count: games.length,
    playtime_seconds: games.reduce((sum, g) => sum + g.playtimeSeconds, 0),
    games: games.slice(0, STEAM_GAMES_SHOWN).map((g) => ({ app_id: g.appId, name: g.name, playtime_seconds: g.playtimeSeconds })),
  };
}

/**
 * GET /api/accounts/{id}/steam_friends: an account's Steam friends, with their accounts here when bound; `unbind`
 * when the account has no Steam binding, `hidden` when its Steam profile keeps friends private or its owner has
 * not acknowledged the responsibility declaration (the owner always sees their own). A closed or unknown
 * account is 404.
 */
export async function steamFriends(deps: Deps, accountId: number, viewerId: number | null): Promise<SteamFriends> {
  const { steam, shared } = await steamSourceOf(deps, accountId, viewerId);
  if (!steam || !shared) return { steam_friends: [], steam_error: steamError(steam !== null, false) };
  const ids = await steam.api.friends(steam.steamId);
  if (ids === STEAM_HIDDEN) return { steam_friends: [], steam_error: steamError(true, false) };
  const [players, here] = await Promise.all([steam.api.players(ids), accountsBySteamIds(deps.db, ids)]);
  const accounts = await accountSummaries(deps.db, [...here.values()]);
  return {
    steam_error: null,
    steam_friends: players.map((p) => {
      const account = accounts.get(here.get(p.steamId) ?? -1);
      return {
        steam_id: p.steamId, persona_name: p.personaName, avatar_url: p.avatarUrl, profile_url: p.profileUrl,
        account: account ? { id: account.id, nickname: account.nickname, avatar_url: account.avatar_url } : null,
      };
    }),
  };
}
