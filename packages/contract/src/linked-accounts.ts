import { z } from 'zod';
import { OAUTH_PLATFORM_KINDS, PLATFORM_KINDS } from '@lantern/domain';
import { platformBinding } from './accounts.ts';

/**
 * Linked accounts (docs/product/linked-accounts.md): binding Steam (OpenID 2.0), WeChat and Weibo (OAuth 2.0),
 * the Steam data shown from them, and Steam friends.
 */
export const platformKind = z.enum(PLATFORM_KINDS);
export const oauthPlatformKind = z.enum(OAUTH_PLATFORM_KINDS);

/** GET /api/openid/bind/new, /api/oauth/{kind}/bind/new: `return_to` is a path of this site to come back to; `redirect=1` answers 302. */
export const startLinkQuery = z.object({ return_to: z.string().max(500).optional(), redirect: z.enum(['0', '1']).optional() });
/** Where to send the browser: the provider's sign-in page. */
export const startLinkResponse = z.object({ url: z.string() });

/** The assertion Steam sends back (`openid.*`) and the state this server gave it. */
export const steamCallbackQuery = z.object({ state: z.string().max(200).default('') }).catchall(z.string().max(2_000));

/** DELETE /api/openid/bind: Steam unless another kind is named. */
export const unbindQuery = z.object({ kind: platformKind.default('steam') });

/** POST /api/bind_wechat (and /api/bind_weibo): the code and state the provider sent back; journey tasks to complete. */
export const bindOAuthRequest = z.object({
  code: z.string().trim().min(1).max(512),
  state: z.string().trim().min(1).max(200),
  journey_task_ids: z.array(z.coerce.number().int().positive()).max(50).optional(),
});
export const bindOAuthResponse = z.object({
  platforms: z.array(platformBinding),
  /** Journey tasks completed by this binding (docs/product/engagement.md#tasks-and-journeys). */
  completed_journey_task_ids: z.array(z.number().int()),
});

/** GET /api/platforms/steam: the account's Steam binding and what Steam shows of it; `bound: false` without one. */
export const steamPlatformResponse = z.object({
  bound: z.boolean(),
  steam_id: z.string().nullable(),
  show_id: z.string().nullable(),
  avatar_url: z.string().nullable(),
  profile_url: z.string().nullable(),
  /** Whether the profile's games and friends are public on Steam. */
  public: z.boolean().nullable(),
  games_count: z.number().int().nullable(),
  /** Total playtime over all games, in seconds (the web shows hours). */
  playtime_seconds: z.number().int().nullable(),
  games: z.array(z.object({ app_id: z.number().int(), name: z.string(), playtime_seconds: z.number().int() })),
  bound_at_timestamp: z.number().int().nullable(),
});
export type SteamPlatform = z.infer<typeof steamPlatformResponse>;

export const steamFriend = z.object({
  steam_id: z.string(),
  persona_name: z.string(),
  avatar_url: z.string(),
  profile_url: z.string(),
  /** The friend's account here, when their Steam is bound to one. */
  account: z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() }).nullable(),
});
/** GET /api/accounts/{id}/steam_friends: `steam_error` unbind (no Steam account) or hidden (private profile). */
export const steamFriendsResponse = z.object({ steam_friends: z.array(steamFriend), steam_error: z.enum(['unbind', 'hidden']).nullable() });
export type SteamFriends = z.infer<typeof steamFriendsResponse>;

/**
 * GET /api/accounts/{id}/steam_games: the Steam library a personal page shows (docs/product/personal-pages.md#games):
 * the games of the account's linked Steam profile, most played first, with the hours of all of them; `steam_error`
 * unbind (no Steam account) or hidden (the Steam profile keeps its games private).
 */
export const steamGamesResponse = z.object({
  steam_error: z.enum(['unbind', 'hidden']).nullable(),
  show_id: z.string().nullable(),
  profile_url: z.string().nullable(),
  games_count: z.number().int(),
  playtime_seconds: z.number().int(),
  games: z.array(z.object({ app_id: z.number().int(), name: z.string(), playtime_seconds: z.number().int() })),
});
export type SteamGames = z.infer<typeof steamGamesResponse>;

/**
 * GET /api/accounts/{id}/achievements: the Steam achievements of the account's most played games
 * (docs/product/personal-pages.md#achievements), each game with its unlocked share and its latest unlocked
 * achievements; games without achievements are left out. `steam_error` as for games.
 */
export const steamAchievement = z.object({
  api_name: z.string(),
  name: z.string(),
  description: z.string(),
  icon_url: z.string(),
  unlocked_at_timestamp: z.number().int(),
});
export const accountAchievementsResponse = z.object({
  steam_error: z.enum(['unbind', 'hidden']).nullable(),
  /** Over the games listed: how many, and their achievements unlocked of all. */
  games_count: z.number().int(),
  unlocked_count: z.number().int(),
  total_count: z.number().int(),
  games: z.array(z.object({
    app_id: z.number().int(),
    name: z.string(),
    playtime_seconds: z.number().int(),
    unlocked_count: z.number().int(),
    total_count: z.number().int(),
    percent: z.number().int(),
    /** The latest unlocked, most recent first. */
    achievements: z.array(steamAchievement),
  })),
});
export type AccountAchievements = z.infer<typeof accountAchievementsResponse>;

/** GET /api/accounts/{id}/steam_reviews: a page of the account's Steam reviews. */
export const steamReviewsOfAccountQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
/**
 * `steam_error`: unbind, hidden (private profile), or not_shown (the owner's `show_steam_review` is off and the
 * reader is someone else); docs/product/personal-pages.md#steam-reviews.
 */
export const steamReviewsOfAccountResponse = z.object({
  steam_error: z.enum(['unbind', 'hidden', 'not_shown']).nullable(),
  steam_reviews: z.array(z.object({
    app_id: z.number().int(),
    game_name: z.string(),
    recommended: z.boolean(),
    content: z.string(),
    playtime_seconds: z.number().int(),
    helpful_count: z.number().int(),
    posted_at_timestamp: z.number().int(),
    /** The review on Steam's community site. */
    url: z.string(),
  })),
  meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int() }),
});
export type SteamReviewsOfAccount = z.infer<typeof steamReviewsOfAccountResponse>;

/** GET /api/openid/sign_in/callback for an API client (a browser gets session cookies and a redirect instead). */
export const steamSignInResponse = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
  account_id: z.number().int(),
});

export { LINKED_ACCOUNTS_API } from './paths/linked-accounts.ts';
