/**
 * Linked accounts (docs/product/linked-accounts.md): Steam by OpenID 2.0, WeChat and Weibo by OAuth 2.0. The rules
 * that decide a binding and what Steam data may be shown; server and web both use these.
 */
export const PLATFORM_KINDS = ['steam', 'wechat', 'weibo'] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];
export const OAUTH_PLATFORM_KINDS = ['wechat', 'weibo'] as const;

/** How long a sign-in or binding started here may take at the provider before its state expires. */
export const LINK_STATE_TTL_SECONDS = 10 * 60;

/** Why Steam friends (or games) of an account cannot be shown: no Steam account bound, or a private profile. */
export type SteamError = 'unbind' | 'hidden';

/**
 * Whether a linked account's Steam data (library, friends, achievements, reviews) reaches this reader: only once
 * its owner answered "I have got it" to the responsibility declaration, which says that data is shared
 * (docs/product/personal-pages.md#steam-data-shared); the owner always sees their own. Not shared reads as a
 * private profile (`hidden`).
 */
export function steamDataShared(input: { acknowledged: boolean; viewerIsOwner: boolean }): boolean {
  return input.acknowledged || input.viewerIsOwner;
}

export function steamError(bound: boolean, publicProfile: boolean): SteamError | null {
  if (!bound) return 'unbind';
  return publicProfile ? null : 'hidden';
}

/**
 * Whether an outside account may be bound to this account: one account of each kind per store account
 * (`already_bound`: unbind first), and one store account per outside account (`taken`: it is someone
 * else's). Binding the same pair again is a no-op, not an error.
 */
export function bindingProblem(input: { accountId: number; boundToThisAccount: string | null; ownerOfExternal: number | null; externalId: string }): 'already_bound' | 'taken' | null {
  if (input.ownerOfExternal !== null && input.ownerOfExternal !== input.accountId) return 'taken';
  if (input.boundToThisAccount !== null && input.boundToThisAccount !== input.externalId) return 'already_bound';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Achievements and Steam reviews on a personal page (docs/product/personal-pages.md#achievements,
// docs/product/personal-pages.md#steam-reviews)

/**
 * How many of a player's most played Steam games have their achievements and reviews read: Steam answers both
 * one game at a time, so a personal page asks about these and not the whole library.
 */
export const STEAM_DATA_GAMES = 10;
/** The unlocked achievements a personal page lists under each game, most recent first. */
export const STEAM_ACHIEVEMENTS_SHOWN = 6;
/** Steam reviews per page of the Steam reviews tab. */
export const STEAM_REVIEWS_PER_PAGE = 10;

/** Why a player's Steam reviews are not shown: as for games, or `not_shown` when the owner turned them off. */
export type SteamReviewsError = SteamError | 'not_shown';

/**
 * The Steam reviews tab: the owner's `show_steam_review` (basic info) decides whether others see them; the owner
 * always sees their own, so they can tell what they would show.
 */
export function steamReviewsError(input: { bound: boolean; publicProfile: boolean; showSteamReview: boolean; viewerIsOwner: boolean }): SteamReviewsError | null {
  if (!input.showSteamReview && !input.viewerIsOwner) return 'not_shown';
  return steamError(input.bound, input.publicProfile);
}

/** Share of a game's achievements unlocked, in whole percent (rounded down: 100 only when all are). */
export function achievementPercent(unlocked: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(unlocked, total) * 100) / total);
}
