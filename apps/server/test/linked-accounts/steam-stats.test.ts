import { describe, expect, it } from 'vitest';
import { STEAM_DATA_GAMES, STEAM_REVIEWS_PER_PAGE } from '@lantern/domain';
import { makeAccount } from '../support/catalog-factories.ts';
import { platformBindings } from '../../src/modules/linked-accounts/tables.ts';
import { realAchievements, realPlayerReviews } from '../../src/platform/linked-accounts/steam-stats.ts';
import type { SteamOwnedGame } from '../../src/platform/linked-accounts/steam.ts';
import { useTestApp } from '../support/test-app.ts';

/** Achievements and Steam reviews on a personal page (docs/product/personal-pages.md#achievements, #steam-reviews). */
const { t, api } = useTestApp();

let nextSteam = 5000;
/** A fresh public SteamID of the sandbox (one ending in 0000 is private). */
const freshSteamId = () => `7656119${String(8_100_000_000 + (nextSteam += 13)).padStart(10, '0')}`;
const steamApi = () => t.deps.linkedAccounts.steamWebApi!;

/** An account with Steam linked, as a finished OpenID binding leaves it (the binding flow is linked-accounts.test.ts's). */
async function accountWithSteam(steamId = freshSteamId(), acknowledged = true) {
  const account = await makeAccount(t);
  await t.deps.db.insert(platformBindings).values({ accountId: account.id, kind: 'steam', externalId: steamId, showId: 'Tester', profile: {}, createdAt: t.deps.clock.now() });
  // The web asks the responsibility declaration before linking Steam; "I have got it" is kept on the account.
  if (acknowledged) expect((await api.native.patch('/api/me', { account: { responsibility_acknowledged: true } }, { token: account.token })).statusCode).toBe(200);
  return { ...account, steamId };
}

/** The owner's setting in basic info (PATCH /api/me), as the profile settings page saves it. */
const setShowSteamReview = (token: string, show: boolean) => api.native.patch('/api/me', { account: { show_steam_review: show } }, { token });

const mostPlayed = (owned: SteamOwnedGame[]) => [...owned].sort((a, b) => b.playtimeSeconds - a.playtimeSeconds || a.appId - b.appId).slice(0, STEAM_DATA_GAMES);

/** A sandbox player who wrote at least `min` reviews of their most played games. */
async function reviewer(min: number) {
  for (;;) {
    const steamId = freshSteamId();
    const owned = (await steamApi().ownedGames(steamId)) as SteamOwnedGame[];
    const reviews = await steamApi().playerReviews(steamId, mostPlayed(owned).map((g) => g.appId));
    if (reviews.length >= min) return { ...(await accountWithSteam(steamId)), reviews };
  }
}

describe('the achievements tab', () => {
  it('lists per most played game the unlocked share and the latest unlocked achievements, in the site\'s language', async () => {
    const player = await accountWithSteam();
    const owned = (await steamApi().ownedGames(player.steamId)) as SteamOwnedGame[];
    const res = await api.abroad.get(`/api/accounts/${player.id}/achievements`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.steam_error).toBeNull();
    const asked = mostPlayed(owned);
    const expected = [];
    for (const game of asked) {
      const all = await steamApi().achievements(player.steamId, game.appId, 'english');
      if (all !== 'hidden' && all.length > 0) expected.push({ game, all });
    }
    expect(body.games.map((g: { app_id: number }) => g.app_id)).toEqual(expected.map((e) => e.game.appId));
    for (const [i, { game, all }] of expected.entries()) {
      const unlocked = all.filter((a) => a.unlockedAt !== null);
      const shown = body.games[i];
      expect(shown).toMatchObject({ name: game.name, playtime_seconds: game.playtimeSeconds, unlocked_count: unlocked.length, total_count: all.length });
      expect(shown.percent).toBe(Math.floor((unlocked.length * 100) / all.length));
      const times = shown.achievements.map((a: { unlocked_at_timestamp: number }) => a.unlocked_at_timestamp);
      expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
      expect(shown.achievements.length).toBe(Math.min(unlocked.length, 6));
    }
    expect(body.games_count).toBe(expected.length);
    expect(body.total_count).toBe(expected.reduce((sum, e) => sum + e.all.length, 0));

    // The mainland site names them in Chinese.
    const native = (await api.native.get(`/api/accounts/${player.id}/achievements`)).json();
    const firstWithAny = native.games.find((g: { achievements: unknown[] }) => g.achievements.length > 0);
    expect(firstWithAny, 'this sandbox player unlocked something').toBeDefined();
    expect(firstWithAny.achievements[0].name).toMatch(/[\u4e00-\u9fff]/);
    expect(native.total_count).toBe(body.total_count);
  });

  it('says unbind without Steam and hidden for a private profile; a closed or unknown account is 404', async () => {
    const lone = await makeAccount(t);
    expect((await api.native.get(`/api/accounts/${lone.id}/achievements`)).json()).toEqual({ steam_error: 'unbind', games_count: 0, unlocked_count: 0, total_count: 0, games: [] });
    const secretive = await accountWithSteam('76561198000020000');
    expect((await api.native.get(`/api/accounts/${secretive.id}/achievements`)).json()).toMatchObject({ steam_error: 'hidden', games: [] });
    expect((await api.native.get('/api/accounts/987654321/achievements')).statusCode).toBe(404);
  });
});

describe('the Steam reviews tab', () => {
  it('lists the player\'s Steam reviews of their most played games, newest first, ten a page', async () => {
    const player = await reviewer(2);
    const res = await api.native.get(`/api/accounts/${player.id}/steam_reviews`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.steam_error).toBeNull();
    expect(body.meta).toEqual({ total_count: player.reviews.length, page: 1, per: STEAM_REVIEWS_PER_PAGE });
    const posted = body.steam_reviews.map((r: { posted_at_timestamp: number }) => r.posted_at_timestamp);
    expect(posted).toEqual([...posted].sort((a: number, b: number) => b - a));
    const first = body.steam_reviews[0];
    const source = player.reviews.find((r) => r.appId === first.app_id)!;
    expect(first).toMatchObject({ recommended: source.recommended, content: source.content, helpful_count: source.helpfulCount });
    expect(first.game_name).not.toBe(String(first.app_id));
    expect(first.url).toBe(`https://steamcommunity.com/profiles/${player.steamId}/recommended/${first.app_id}/`);
    const beyond = (await api.native.get(`/api/accounts/${player.id}/steam_reviews?page=2`)).json();
    expect(beyond.steam_reviews).toHaveLength(Math.max(0, player.reviews.length - STEAM_REVIEWS_PER_PAGE));
  });

  it('shows them to others only while the owner\'s show_steam_review is on; the owner always sees them', async () => {
    const player = await reviewer(1);
    const other = await makeAccount(t);
    const off = await setShowSteamReview(player.token, false);
    expect(off.statusCode, off.body).toBe(200);
    for (const token of [undefined, other.token]) {
      const hidden = await api.native.get(`/api/accounts/${player.id}/steam_reviews`, { token });
      expect(hidden.json()).toMatchObject({ steam_error: 'not_shown', steam_reviews: [], meta: { total_count: 0 } });
      expect(hidden.headers['cache-control']).toContain('private');
    }
    const own = (await api.native.get(`/api/accounts/${player.id}/steam_reviews`, { token: player.token })).json();
    expect(own.steam_error).toBeNull();
    expect(own.meta.total_count).toBe(player.reviews.length);

    await setShowSteamReview(player.token, true);
    expect((await api.native.get(`/api/accounts/${player.id}/steam_reviews`, { token: other.token })).json().meta.total_count).toBe(player.reviews.length);
  });

  it('says unbind, hidden or (turned off) not_shown without telling others whether Steam is linked; 404 for an unknown account', async () => {
    const lone = await makeAccount(t);
    expect((await api.native.get(`/api/accounts/${lone.id}/steam_reviews`)).json().steam_error).toBe('unbind');
    expect((await setShowSteamReview(lone.token, false)).statusCode).toBe(200);
    expect((await api.native.get(`/api/accounts/${lone.id}/steam_reviews`)).json().steam_error).toBe('not_shown');
    const secretive = await accountWithSteam('76561198000030000');
    expect((await api.native.get(`/api/accounts/${secretive.id}/steam_reviews`)).json().steam_error).toBe('hidden');
    expect((await api.native.get('/api/accounts/987654321/steam_reviews')).statusCode).toBe(404);
    expect((await api.native.get(`/api/accounts/${lone.id}/steam_reviews?page=0`)).statusCode).toBe(422);
  });
});

describe('Steam data before the responsibility declaration', () => {
  it('is hidden from others on every Steam read until the owner answers "I have got it"; the owner sees their own', async () => {
    const owner = await accountWithSteam(freshSteamId(), false);
    const other = await makeAccount(t);
    const reads = ['steam_games', 'steam_friends', 'achievements', 'steam_reviews'];
    for (const read of reads) {
      for (const token of [undefined, other.token]) {
        const res = await api.native.get(`/api/accounts/${owner.id}/${read}`, { token });
        expect(res.statusCode, read).toBe(200);
        expect(res.json().steam_error, read).toBe('hidden');
        expect(res.headers['cache-control'], read).toContain('private');
      }
      expect((await api.native.get(`/api/accounts/${owner.id}/${read}`, { token: owner.token })).json().steam_error, read).toBeNull();
    }
    expect((await api.native.patch('/api/me', { account: { responsibility_acknowledged: true } }, { token: owner.token })).statusCode).toBe(200);
    for (const read of reads) expect((await api.native.get(`/api/accounts/${owner.id}/${read}`, { token: other.token })).json().steam_error, read).toBeNull();
  });
});

describe('the real Steam adapter', () => {
  const STEAM_ID = '76561198011112222';

  it('joins GetPlayerAchievements with GetSchemaForGame (icons, hidden flag) and reads a private profile\'s 403', async () => {
    const calls: string[] = [];
    const achievements = await realAchievements(async (host, path, query) => {
      calls.push(`${host}:${path}?${new URLSearchParams(query).toString()}`);
      if (path.startsWith('ISteamUserStats/GetPlayerAchievements')) {
        return { playerstats: { steamID: STEAM_ID, gameName: 'Hades', success: true, achievements: [
          { apiname: 'ESCAPE', achieved: 1, unlocktime: 1_700_000_000, name: 'Escaped', description: 'Escape the Underworld.' },
          { apiname: 'SECRET', achieved: 0, unlocktime: 0, name: 'Secret', description: '' },
        ] } };
      }
      return { game: { availableGameStats: { achievements: [
        { name: 'ESCAPE', displayName: 'Escaped', description: 'Escape the Underworld.', icon: 'https://cdn/escape.jpg', icongray: 'https://cdn/escape_gray.jpg', hidden: 0 },
        { name: 'SECRET', displayName: 'Secret', icon: 'https://cdn/secret.jpg', icongray: 'https://cdn/secret_gray.jpg', hidden: 1 },
      ] } } };
    }, STEAM_ID, 1145360, 'english');
    expect(calls.sort()).toEqual([
      'api:ISteamUserStats/GetPlayerAchievements/v1/?steamid=76561198011112222&appid=1145360&l=english',
      'api:ISteamUserStats/GetSchemaForGame/v2/?appid=1145360&l=english',
    ]);
    expect(achievements).toEqual([
      { apiName: 'ESCAPE', name: 'Escaped', description: 'Escape the Underworld.', iconUrl: 'https://cdn/escape.jpg', hidden: false, unlockedAt: 1_700_000_000 },
      { apiName: 'SECRET', name: 'Secret', description: '', iconUrl: 'https://cdn/secret_gray.jpg', hidden: true, unlockedAt: null },
    ]);

    const privateProfile = await realAchievements(async () => ({ playerstats: { error: 'Profile is not public', success: false } }), STEAM_ID, 1145360, 'english');
    expect(privateProfile).toBe('hidden');
    const noStats = await realAchievements(async () => ({ playerstats: { error: 'Requested app has no stats', success: false } }), STEAM_ID, 570, 'english');
    expect(noStats).toEqual([]);
    const unreachable = await realAchievements(async () => null, STEAM_ID, 570, 'english');
    expect(unreachable).toEqual([]);
  });

  it('finds the player\'s own reviews in each game\'s review feed by author', async () => {
    const reviews = await realPlayerReviews(async (host, path) => {
      expect(host).toBe('store');
      return path === 'appreviews/570'
        ? { success: 1, reviews: [
          { author: { steamid: '76561190000000001', playtime_at_review: 10 }, review: 'someone else', voted_up: true, votes_up: 1, timestamp_created: 1 },
          { author: { steamid: STEAM_ID, playtime_at_review: 90 }, review: 'mine', voted_up: false, votes_up: 7, timestamp_created: 1_700_000_000 },
        ] }
        : null;
    }, STEAM_ID, [570, 730]);
    expect(reviews).toEqual([{ appId: 570, recommended: false, content: 'mine', playtimeSeconds: 5400, helpfulCount: 7, postedAt: 1_700_000_000 }]);
  });
});
