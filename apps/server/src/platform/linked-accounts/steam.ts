import { createHmac, randomBytes } from 'node:crypto';
import { hmacSignature, OPENID_NS, signatureMatches, SteamOpenIdCheck, type OpenIdSignatureCheck } from './openid.ts';
import { mulberry32 } from '../mulberry32.ts';
import {
  realAchievements, realPlayerReviews, sandboxAchievements, sandboxPlayerReviews, type SteamGameAchievements, type SteamLanguage, type SteamPlayerReview,
} from './steam-stats.ts';

/**
 * Steam: sign-in by OpenID 2.0 (openid.ts) and the player's data through the Steam Web API
 * (docs/product/linked-accounts.md#steam-data). The real adapters talk to Steam; the sandboxes answer the same
 * shapes from this server, deterministically per SteamID.
 */
export interface SteamOpenId extends OpenIdSignatureCheck {
  readonly sandbox: boolean;
  /** The provider's OpenID endpoint (`openid.op_endpoint`) for a site's origin. */
  endpoint(origin: string): string;
}

export class RealSteamOpenId extends SteamOpenIdCheck implements SteamOpenId {
  readonly sandbox = false;
  endpoint(): string {
    return 'https://steamcommunity.com/openid/login';
  }
}

/**
 * The sandbox OpenID provider: its login page is `/sandbox/steam/openid/login` on the site itself (served by the
 * linked-accounts module), which signs positive assertions with an HMAC-SHA256 association key derived from
 * the app secret. Verification checks that signature (what `check_authentication` asks the real Steam).
 */
export class SandboxSteamOpenId implements SteamOpenId {
  readonly sandbox = true;
  private readonly key: Buffer;
  constructor(appSecret: string) {
    this.key = createHmac('sha256', appSecret).update('sandbox-steam-openid').digest();
  }

  endpoint(origin: string): string {
    return `${origin}/sandbox/steam/openid/login`;
  }

  /** The positive assertion the sandbox's login page sends back to `return_to` for the SteamID the tester chose. */
  assert(origin: string, returnTo: string, steamId: string, now: Date): Record<string, string> {
    const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
    const params: Record<string, string> = {
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': this.endpoint(origin),
      'openid.claimed_id': claimed,
      'openid.identity': claimed,
      'openid.return_to': returnTo,
      'openid.response_nonce': `${now.toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
      'openid.assoc_handle': 'sandbox-association',
      'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
    };
    return this.sign(params);
  }

  /** Signs the listed fields again (the provider's own act; tests use it to issue a second assertion with a used nonce). */
  sign(params: Record<string, string>): Record<string, string> {
    return { ...params, 'openid.sig': hmacSignature(this.key, params) };
  }

  async verifySignature(params: Readonly<Record<string, string>>): Promise<boolean> {
    return signatureMatches(this.key, params);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Steam Web API

export interface SteamPlayer {
  steamId: string;
  personaName: string;
  avatarUrl: string;
  profileUrl: string;
  /** Steam's communityvisibilitystate: 3 is public; anything else hides games and friends. */
  public: boolean;
}

export interface SteamOwnedGame {
  appId: number;
  name: string;
  /** Total playtime in seconds (Steam answers minutes; converted here once). */
  playtimeSeconds: number;
}

/** A Steam profile whose games or friends its owner keeps private. */
export const STEAM_HIDDEN = 'hidden' as const;

export interface SteamWebApi {
  readonly sandbox: boolean;
  player(steamId: string): Promise<SteamPlayer | null>;
  ownedGames(steamId: string): Promise<SteamOwnedGame[] | typeof STEAM_HIDDEN>;
  friends(steamId: string): Promise<string[] | typeof STEAM_HIDDEN>;
  players(steamIds: readonly string[]): Promise<SteamPlayer[]>;
  /** The player's achievements in one game, named in the site's language (steam-stats.ts). */
  achievements(steamId: string, appId: number, language: SteamLanguage): Promise<SteamGameAchievements>;
  /** The player's reviews of these games (steam-stats.ts says how the real adapter finds them). */
  playerReviews(steamId: string, appIds: readonly number[]): Promise<SteamPlayerReview[]>;
}

/** The real Web API with the store's key (STEAM_WEB_API_KEY). A failed call reads as "nothing to show", never a 5xx. */
export class RealSteamWebApi implements SteamWebApi {
  readonly sandbox = false;
  constructor(private readonly key: string) {}

  /**
   * A Web API call (`api`, with the key) or a store feed (`store`, keyless). A 403 still carries Steam's
   * explanation (a private profile's `playerstats.error`), so its body is read when it is JSON.
   */
  private async call(path: string, query: Record<string, string>, host: 'api' | 'store' = 'api'): Promise<Record<string, unknown> | null> {
    const q = new URLSearchParams(host === 'api' ? { key: this.key, format: 'json', ...query } : query);
    const base = host === 'api' ? 'https://api.steampowered.com' : 'https://store.steampowered.com';
    try {
      const res = await fetch(`${base}/${path}?${q.toString()}`, { signal: AbortSignal.timeout(10_000) });
      if (res.status === 401 || res.status === 403) return ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
      return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  async players(steamIds: readonly string[]): Promise<SteamPlayer[]> {
    if (steamIds.length === 0) return [];
    const body = await this.call('ISteamUser/GetPlayerSummaries/v2/', { steamids: steamIds.slice(0, 100).join(',') });
    const list = ((body?.response as { players?: Record<string, unknown>[] } | undefined)?.players ?? []);
    return list.map((p) => ({
      steamId: String(p.steamid), personaName: String(p.personaname ?? ''), avatarUrl: String(p.avatarfull ?? ''),
      profileUrl: String(p.profileurl ?? ''), public: p.communityvisibilitystate === 3,
    }));
  }

  async player(steamId: string) {
    return (await this.players([steamId]))[0] ?? null;
  }

  async ownedGames(steamId: string) {
    const body = await this.call('IPlayerService/GetOwnedGames/v1/', { steamid: steamId, include_appinfo: '1' });
    const games = (body?.response as { games?: { appid: number; name?: string; playtime_forever?: number }[] } | undefined)?.games;
    if (!games) return STEAM_HIDDEN;
    return games.map((g) => ({ appId: g.appid, name: g.name ?? String(g.appid), playtimeSeconds: (g.playtime_forever ?? 0) * 60 }));
  }

  async friends(steamId: string) {
    const body = await this.call('ISteamUser/GetFriendList/v1/', { steamid: steamId, relationship: 'friend' });
    const list = (body?.friendslist as { friends?: { steamid: string }[] } | undefined)?.friends;
    return list ? list.map((f) => f.steamid) : STEAM_HIDDEN;
  }

  achievements(steamId: string, appId: number, language: SteamLanguage) {
    return realAchievements((host, path, query) => this.call(path, query, host), steamId, appId, language);
  }

  playerReviews(steamId: string, appIds: readonly number[]) {
    return realPlayerReviews((host, path, query) => this.call(path, query, host), steamId, appIds);
  }
}

/** The sandbox's generator over the SteamID: the same player always has the same sandbox library and friends. */
function generator(seed: string): () => number {
  return mulberry32([...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 1779033703));
}

const SANDBOX_GAMES: readonly [number, string][] = [
  [570, 'Dota 2'], [730, 'Counter-Strike 2'], [1245620, 'ELDEN RING'], [1091500, 'Cyberpunk 2077'], [292030, 'The Witcher 3: Wild Hunt'],
  [1174180, 'Red Dead Redemption 2'], [413150, 'Stardew Valley'], [1145360, 'Hades'], [367520, 'Hollow Knight'], [814380, 'Sekiro: Shadows Die Twice'],
  [1086940, "Baldur's Gate 3"], [271590, 'Grand Theft Auto V'], [105600, 'Terraria'], [252490, 'Rust'], [578080, 'PUBG: BATTLEGROUNDS'],
];

/**
 * The sandbox Web API. A SteamID ending in `0000` is a private profile (games and friends hidden), so the
 * "hidden" path can be exercised; every other one has a public profile with 4–12 games and 3–8 friends.
 */
export class SandboxSteamWebApi implements SteamWebApi {
  readonly sandbox = true;

  async players(steamIds: readonly string[]): Promise<SteamPlayer[]> {
    return steamIds.map((steamId) => ({
      steamId,
      personaName: `Player_${steamId.slice(-5)}`,
      avatarUrl: '',
      profileUrl: `https://steamcommunity.com/profiles/${steamId}`,
      public: !steamId.endsWith('0000'),
    }));
  }

  async player(steamId: string) {
    return (await this.players([steamId]))[0]!;
  }

  async ownedGames(steamId: string) {
    if (steamId.endsWith('0000')) return STEAM_HIDDEN;
    const next = generator(steamId);
    const count = 4 + Math.floor(next() * 9);
    const picked = [...SANDBOX_GAMES].sort(() => next() - 0.5).slice(0, count);
    return picked.map(([appId, name]) => ({ appId, name, playtimeSeconds: Math.floor(next() * 400) * 3600 + Math.floor(next() * 60) * 60 }));
  }

  async friends(steamId: string) {
    if (steamId.endsWith('0000')) return STEAM_HIDDEN;
    const next = generator(`friends:${steamId}`);
    const count = 3 + Math.floor(next() * 6);
    return Array.from({ length: count }, () => `7656119${String(Math.floor(next() * 1e10)).padStart(10, '0')}`);
  }

  async achievements(steamId: string, appId: number, language: SteamLanguage) {
    return sandboxAchievements(steamId, appId, language);
  }

  async playerReviews(steamId: string, appIds: readonly number[]) {
    return sandboxPlayerReviews(steamId, appIds);
  }
}
