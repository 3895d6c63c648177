import { mulberry32 } from '../mulberry32.ts';

/**
 * A player's achievements and reviews from Steam (docs/product/personal-pages.md#achievements,
 * docs/product/personal-pages.md#steam-reviews): the shapes the Steam Web API answers, read by the real adapter
 * and imitated by the sandbox, one game at a time as Steam answers them.
 */

/** Steam's language names for the store's sites (`l` of the Web API, `language` of the review feed). */
export type SteamLanguage = 'schinese' | 'english';

export interface SteamAchievement {
  /** Steam's `apiname`: stable per game. */
  apiName: string;
  name: string;
  description: string;
  iconUrl: string;
  /** Steam hides a hidden achievement's description until it is unlocked. */
  hidden: boolean;
  /** Whole seconds since the epoch; null while locked. */
  unlockedAt: number | null;
}

/** A game without stats (no achievements) reads as an empty list; a private profile as `hidden`. */
export type SteamGameAchievements = SteamAchievement[] | 'hidden';

export interface SteamPlayerReview {
  appId: number;
  recommended: boolean;
  content: string;
  /** Time played when the review was written, in seconds. */
  playtimeSeconds: number;
  helpfulCount: number;
  /** Whole seconds since the epoch. */
  postedAt: number;
}

type SteamCall = (host: 'api' | 'store', path: string, query: Record<string, string>) => Promise<Record<string, unknown> | null>;

/**
 * GetPlayerAchievements (what the player unlocked, when) joined with GetSchemaForGame (icons and the hidden
 * flag, which the player's answer leaves out). Steam answers 403 with `playerstats.error` for a private
 * profile, and `success: false` for a game without stats.
 */
export async function realAchievements(call: SteamCall, steamId: string, appId: number, language: SteamLanguage): Promise<SteamGameAchievements> {
  const [player, schema] = await Promise.all([
    call('api', 'ISteamUserStats/GetPlayerAchievements/v1/', { steamid: steamId, appid: String(appId), l: language }),
    call('api', 'ISteamUserStats/GetSchemaForGame/v2/', { appid: String(appId), l: language }),
  ]);
  const stats = player?.playerstats as { success?: boolean; error?: string; achievements?: { apiname: string; achieved: number; unlocktime?: number; name?: string; description?: string }[] } | undefined;
  if (stats?.error && /not public/i.test(stats.error)) return 'hidden';
  if (!stats?.success || !stats.achievements) return [];
  const game = schema?.game as { availableGameStats?: { achievements?: { name: string; displayName?: string; description?: string; icon?: string; icongray?: string; hidden?: number }[] } } | undefined;
  const bySchema = new Map((game?.availableGameStats?.achievements ?? []).map((a) => [a.name, a]));
  return stats.achievements.map((a) => {
    const described = bySchema.get(a.apiname);
    const unlocked = a.achieved === 1;
    return {
      apiName: a.apiname,
      name: a.name ?? described?.displayName ?? a.apiname,
      description: a.description ?? described?.description ?? '',
      iconUrl: (unlocked ? described?.icon : described?.icongray) ?? '',
      hidden: described?.hidden === 1,
      unlockedAt: unlocked ? (a.unlocktime ?? 0) : null,
    };
  });
}

/** How many of a game's recent reviews the real adapter looks through for the player's own (the feed's page limit). */
const REVIEW_FEED_PAGE = 100;

/**
 * Steam has no call for "the reviews this player wrote": the store's review feed (`appreviews`, the one the
 * review import reads) is per game. So for each game asked about, the adapter reads the game's most recent
 * reviews in every language and keeps the player's (author.steamid). A review older than that page is not
 * found; decisions/0029 says why this is accepted.
 */
export async function realPlayerReviews(call: SteamCall, steamId: string, appIds: readonly number[]): Promise<SteamPlayerReview[]> {
  const pages = await Promise.all(appIds.map(async (appId) => {
    const body = await call('store', `appreviews/${appId}`, { json: '1', filter: 'recent', language: 'all', purchase_type: 'all', num_per_page: String(REVIEW_FEED_PAGE), cursor: '*' });
    const reviews = (body?.reviews ?? []) as { author?: { steamid?: string; playtime_at_review?: number }; review?: string; voted_up?: boolean; votes_up?: number; timestamp_created?: number }[];
    return reviews.filter((r) => r.author?.steamid === steamId).map((r) => ({
      appId,
      recommended: r.voted_up === true,
      content: r.review ?? '',
      playtimeSeconds: (r.author?.playtime_at_review ?? 0) * 60,
      helpfulCount: r.votes_up ?? 0,
      postedAt: r.timestamp_created ?? 0,
    }));
  }));
  return pages.flat();
}

// ---------------------------------------------------------------------------------------------------------
// Sandbox

/** Sandbox times count back from a fixed day, so the same player's data is the same whenever it is read. */
const SANDBOX_ANCHOR = Date.UTC(2026, 9, 1) / 1000;

function generator(seed: string): () => number {
  return mulberry32([...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 1779033703));
}

const ACHIEVEMENT_NAMES: Record<SteamLanguage, readonly [string, string][]> = {
  english: [
    ['First Steps', 'Finish the prologue.'], ['Explorer', 'Discover every region of the map.'], ['Collector', 'Find 50 hidden items.'],
    ['Unstoppable', 'Win 10 fights in a row.'], ['Night Owl', 'Play after midnight.'], ['Wealthy', 'Hold 100,000 coins at once.'],
    ['Master Crafter', 'Craft a legendary item.'], ['Team Player', 'Finish a co-op mission.'], ['Speedrunner', 'Finish a chapter in under 20 minutes.'],
    ['Completionist', 'Finish every side quest.'], ['Survivor', 'Win with 1 health left.'], ['The End', 'See the true ending.'],
  ],
  schinese: [
    ['初出茅庐', '完成序章。'], ['探索者', '发现地图上的每个区域。'], ['收藏家', '找到 50 件隐藏物品。'],
    ['势不可挡', '连续赢得 10 场战斗。'], ['夜猫子', '在午夜之后游玩。'], ['富甲一方', '同时持有 100,000 金币。'],
    ['工匠大师', '制作一件传说物品。'], ['并肩作战', '完成一次合作任务。'], ['速通达人', '在 20 分钟内完成一章。'],
    ['完美主义者', '完成所有支线任务。'], ['绝境求生', '以 1 点生命值获胜。'], ['终章', '见证真正的结局。'],
  ],
};

/**
 * The sandbox's achievements: every game has the same schema for everyone (some games none, as a game without
 * stats), and each player unlocked a deterministic share of it. The last two of a schema are hidden ones.
 */
export function sandboxAchievements(steamId: string, appId: number, language: SteamLanguage): SteamGameAchievements {
  if (steamId.endsWith('0000')) return 'hidden';
  const schema = generator(`schema:${appId}`);
  if (schema() < 0.15) return [];
  const total = 6 + Math.floor(schema() * 7);
  const player = generator(`achievements:${steamId}:${appId}`);
  const share = player();
  return ACHIEVEMENT_NAMES[language].slice(0, total).map(([name, description], i) => {
    const unlocked = player() < share;
    const unlockedAt = SANDBOX_ANCHOR - Math.floor(player() * 400 * 86_400);
    return {
      apiName: `ACH_${appId}_${i + 1}`,
      name,
      description,
      iconUrl: '',
      hidden: i >= total - 2,
      unlockedAt: unlocked ? unlockedAt : null,
    };
  });
}

const REVIEW_TEXTS: Record<SteamLanguage, { good: readonly string[]; bad: readonly string[] }> = {
  english: {
    good: ['Hundreds of hours in and I still find something new.', 'Tight controls and a world worth getting lost in.', 'The best co-op evenings I had this year.'],
    bad: ['Great start, but the late game drags on far too long.', 'Too many crashes on my machine to recommend it yet.'],
  },
  schinese: {
    good: ['玩了几百个小时，依然能发现新东西。', '操作手感扎实，世界值得沉浸其中。', '今年和朋友一起度过的最好的合作之夜。'],
    bad: ['开头很棒，但后期拖沓太久。', '在我的电脑上崩溃太多次，暂时不推荐。'],
  },
};

/**
 * The sandbox's reviews: a player reviewed about half of the games asked about, each in the player's own
 * language (one per SteamID, as a real player writes), recommended more often than not.
 */
export function sandboxPlayerReviews(steamId: string, appIds: readonly number[]): SteamPlayerReview[] {
  if (steamId.endsWith('0000')) return [];
  const language: SteamLanguage = generator(`language:${steamId}`)() < 0.5 ? 'schinese' : 'english';
  return appIds.flatMap((appId) => {
    const next = generator(`review:${steamId}:${appId}`);
    if (next() < 0.5) return [];
    const recommended = next() < 0.75;
    const texts = REVIEW_TEXTS[language][recommended ? 'good' : 'bad'];
    return [{
      appId,
      recommended,
      content: texts[Math.floor(next() * texts.length)]!,
      playtimeSeconds: (1 + Math.floor(next() * 300)) * 3600,
      helpfulCount: Math.floor(next() * 60),
      postedAt: SANDBOX_ANCHOR - Math.floor(next() * 700 * 86_400),
    }];
  });
}
