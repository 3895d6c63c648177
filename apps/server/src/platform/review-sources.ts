import { z } from 'zod';
import { mulberry32 } from './mulberry32.ts';

/**
 * Where players' reviews of a game on another platform come from (docs/product/community.md#steam-and-epic-reviews).
 * A source is read only by the periodic import (modules/game-reviews); the store's pages read the imported
 * copies, never the outside. The sandbox answers in-process with believable, deterministic reviews; the
 * Steam adapter reads Steam's public review feed. Epic has only the sandbox: the interface is what an
 * adapter would implement.
 */
export type ReviewPlatform = 'steam' | 'epic';

export interface SourceReview {
  /** The platform's id of the review: the imported copy is updated, never duplicated. */
  sourceId: string;
  /** Steam's language names: schinese, english, … */
  language: string;
  content: string;
  recommended: boolean;
  helpfulCount: number;
  funnyCount: number;
  /** Time the author had played when writing it, in seconds. */
  playtimeSeconds: number;
  authorName: string;
  /** Whole seconds since the epoch. */
  postedAt: number;
}

export interface ReviewPage {
  reviews: SourceReview[];
  /** Where the next page starts; null at the end. */
  cursor: string | null;
}

export interface ReviewSummary {
  total: number;
  positive: number;
  negative: number;
}

export interface ReviewSource {
  readonly platform: ReviewPlatform;
  /** One page of an app's reviews in one language, from `cursor` (null: the first page). */
  fetchReviews(appId: string, cursor: string | null, language: string): Promise<ReviewPage>;
  /** The app's review counts over every language. */
  fetchSummary(appId: string): Promise<ReviewSummary>;
}

/** An answer the import cannot use (network, status, shape): the copies already imported are kept. */
export class ReviewSourceError extends Error {}

export interface ReviewSources {
  steam: ReviewSource;
  epic: ReviewSource;
}

// ---------------------------------------------------------------------------------------------------------
// Sandbox

/** The sandbox's generator over the app: the same app always gets the same reviews. */
function generator(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return mulberry32(h);
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const PHRASES = {
  english: {
    good: [
      'The combat feels tight and every fight asks something new of you.',
      'Gorgeous art direction; I kept stopping just to look around.',
      'Runs smoothly on my mid-range laptop, no crashes in 40 hours.',
      'The soundtrack alone is worth the price.',
      'Co-op with friends is where this game really shines.',
      'A story that stayed with me for days after the credits.',
      'Easy to pick up, hard to put down. One more run, every night.',
      'The developers keep patching and listening to the community.',
      'Great value on sale, and honestly worth full price too.',
      'Controller support is excellent and the menus are clean.',
    ],
    bad: [
      'The last third drags and the difficulty spikes out of nowhere.',
      'Performance drops badly in the bigger towns.',
      'Too many menus and systems that never come together.',
      'Matchmaking takes forever outside peak hours.',
      'Fun for a few hours, then it repeats itself.',
      'The keyboard controls feel like an afterthought.',
    ],
    openGood: ['Recommended.', 'Short version: buy it.', 'After finishing it twice:', 'Honest take:', 'For anyone on the fence:'],
    openBad: ['Not for me.', 'Wanted to love it.', 'Honest take:', 'Wait for a sale.', 'Refunded after a few hours.'],
  },
  schinese: {
    good: [
      '战斗手感扎实，每场战斗都有新的挑战。',
      '美术风格太好看了，经常停下来欣赏风景。',
      '中配笔记本也能流畅运行，玩了四十小时没有崩溃。',
      '光是原声音乐就值回票价。',
      '和朋友联机合作才是这个游戏的精髓。',
      '剧情让我通关后好几天都忘不掉。',
      '上手容易，停下很难，每晚都想再来一局。',
      '制作组一直在更新，也很重视玩家反馈。',
      '打折入手非常超值，原价也值得。',
      '中文翻译很用心，手柄支持也很好。',
    ],
    bad: [
      '后期节奏拖沓，难度突然飙升。',
      '大城镇里掉帧很严重。',
      '系统太多太杂，互相之间没有联系。',
      '非高峰时段匹配要等很久。',
      '前几个小时很好玩，之后就开始重复了。',
      '键鼠操作体验很一般。',
    ],
    openGood: ['推荐。', '简单说：值得买。', '二周目通关后：', '说句实话：', '给还在犹豫的朋友：'],
    openBad: ['不太适合我。', '本来很期待。', '说句实话：', '建议等打折。', '玩了几个小时就退款了。'],
  },
} as const;

const NAMES = {
  english: ['RiverFox', 'pixel_nomad', 'Captain Tea', 'lowpolyLuke', 'Mara', 'quietstorm', 'Dr. Crunch', 'ghostinthebox', 'Ivy', 'saltyspoon'],
  schinese: ['夜航船', '小鱼干', '云中君', '不咕鸟', '南山南', '橘子汽水', '阿七', '风吹麦浪', '木木', '老猫'],
} as const;

/** The sandbox's clock for review dates: fixed, so generated reviews never change between runs. */
const SANDBOX_EPOCH = Date.UTC(2026, 9, 1) / 1000;
const SANDBOX_PAGE = 20;

interface SandboxApp {
  ratio: number;
  summaryTotal: number;
  reviews: Map<string, SourceReview[]>;
}

/**
 * The sandbox source: each app id gets a fixed share of positive reviews and 30–90 reviews per language
 * (English and Simplified Chinese; other languages have none), with helpful counts, playtimes and dates
 * drawn from a generator seeded by platform, app id and language. Pages of 20 follow a cursor.
 */
export class SandboxReviewSource implements ReviewSource {
  private readonly apps = new Map<string, SandboxApp>();
  constructor(readonly platform: ReviewPlatform) {}

  private app(appId: string): SandboxApp {
    const known = this.apps.get(appId);
    if (known) return known;
    const random = generator(`${this.platform}:${appId}`);
    const ratio = 0.45 + random() * 0.53;
    const summaryTotal = 40 + Math.floor(random() ** 2 * 60_000);
    const app: SandboxApp = { ratio, summaryTotal, reviews: new Map() };
    for (const language of ['english', 'schinese'] as const) app.reviews.set(language, this.generate(appId, language, ratio));
    this.apps.set(appId, app);
    return app;
  }

  private generate(appId: string, language: 'english' | 'schinese', ratio: number): SourceReview[] {
    const random = generator(`${this.platform}:${appId}:${language}`);
    const count = 30 + Math.floor(random() * 60);
    const words = PHRASES[language];
    const joiner = language === 'english' ? ' ' : '';
    return Array.from({ length: count }, (_, i) => {
      const recommended = random() < ratio;
      const body = recommended ? words.good : words.bad;
      const sentences = [pick(random, recommended ? words.openGood : words.openBad), pick(random, body), pick(random, body)];
      if (random() < 0.4) sentences.push(pick(random, recommended ? words.good : words.bad));
      return {
        sourceId: `${this.platform}-${appId}-${language}-${i + 1}`,
        language,
        content: [...new Set(sentences)].join(joiner),
        recommended,
        helpfulCount: Math.floor(random() ** 3 * 2400),
        funnyCount: Math.floor(random() ** 4 * 300),
        playtimeSeconds: Math.floor((0.5 + random() ** 2 * 400) * 3600),
        authorName: pick(random, NAMES[language]),
        postedAt: SANDBOX_EPOCH - Math.floor(random() * 730 * 86_400),
      };
    });
  }

  async fetchReviews(appId: string, cursor: string | null, language: string): Promise<ReviewPage> {
    const all = this.app(appId).reviews.get(language) ?? [];
    const from = cursor === null ? 0 : Number.parseInt(cursor, 10);
    if (!Number.isInteger(from) || from < 0) throw new ReviewSourceError(`bad cursor ${cursor}`);
    const page = all.slice(from, from + SANDBOX_PAGE);
    return { reviews: page, cursor: from + SANDBOX_PAGE < all.length ? String(from + SANDBOX_PAGE) : null };
  }

  async fetchSummary(appId: string): Promise<ReviewSummary> {
    const app = this.app(appId);
    const positive = Math.round(app.summaryTotal * app.ratio);
    return { total: app.summaryTotal, positive, negative: app.summaryTotal - positive };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Steam

const count = z.number().int().min(0).catch(0);
const steamReview = z.object({
  recommendationid: z.string().min(1).max(40),
  author: z.object({ personaname: z.string().max(200).optional(), playtime_at_review: count.optional(), playtime_forever: count.optional() }).passthrough(),
  language: z.string().min(1).max(40),
  review: z.string().max(20_000),
  timestamp_created: z.number().int().min(0),
  voted_up: z.boolean(),
  votes_up: count,
  votes_funny: count,
}).passthrough();

const steamPage = z.object({
  success: z.literal(1),
  query_summary: z.object({ total_reviews: count.optional(), total_positive: count.optional(), total_negative: count.optional() }).passthrough(),
  reviews: z.array(z.unknown()).default([]),
  cursor: z.string().max(500).optional(),
}).passthrough();

export interface SteamReviewSourceOptions {
  /** Steam's store origin; tests point it at a loopback fake. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Steam's public review feed: `GET {store}/appreviews/{appid}?json=1&language=…&cursor=…` (no key needed).
 * A page that is not JSON, not `success: 1`, or not shaped as expected throws ReviewSourceError, and the
 * import keeps what it had. A single malformed review in a good page is skipped, not the page. Steam
 * answers the same cursor again after the last page: that ends the feed.
 */
export class SteamReviewSource implements ReviewSource {
  readonly platform = 'steam' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: SteamReviewSourceOptions = {}) {
    this.baseUrl = (options.baseUrl ?? 'https://store.steampowered.com').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchFn = options.fetch ?? fetch;
  }

  private async page(appId: string, params: Record<string, string>) {
    if (!/^\d{1,10}$/.test(appId)) throw new ReviewSourceError(`not a Steam app id: ${appId}`);
    const url = new URL(`${this.baseUrl}/appreviews/${appId}`);
    for (const [k, v] of Object.entries({ json: '1', filter: 'recent', purchase_type: 'all', num_per_page: '100', ...params })) url.searchParams.set(k, v);
    let body: unknown;
    try {
      const res = await this.fetchFn(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) throw new ReviewSourceError(`Steam answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      if (err instanceof ReviewSourceError) throw err;
      throw new ReviewSourceError(`Steam could not be read: ${(err as Error).message}`);
    }
    const parsed = steamPage.safeParse(body);
    if (!parsed.success) throw new ReviewSourceError('Steam answered a page of an unknown shape');
    return parsed.data;
  }

  async fetchReviews(appId: string, cursor: string | null, language: string): Promise<ReviewPage> {
    const sent = cursor ?? '*';
    const data = await this.page(appId, { language, cursor: sent });
    const reviews = data.reviews.flatMap((raw) => {
      const r = steamReview.safeParse(raw);
      if (!r.success) return [];
      const minutes = r.data.author.playtime_at_review ?? r.data.author.playtime_forever ?? 0;
      return [{
        sourceId: r.data.recommendationid,
        language: r.data.language,
        content: r.data.review,
        recommended: r.data.voted_up,
        helpfulCount: r.data.votes_up,
        funnyCount: r.data.votes_funny,
        playtimeSeconds: minutes * 60,
        authorName: r.data.author.personaname ?? '',
        postedAt: r.data.timestamp_created,
      }];
    });
    const next = data.cursor && data.cursor !== sent && data.reviews.length > 0 ? data.cursor : null;
    return { reviews, cursor: next };
  }

  async fetchSummary(appId: string): Promise<ReviewSummary> {
    const data = await this.page(appId, { language: 'all', num_per_page: '0' });
    const s = data.query_summary;
    const positive = s.total_positive ?? 0;
    const negative = s.total_negative ?? 0;
    return { total: s.total_reviews ?? positive + negative, positive, negative };
  }
}

/** The sources the configuration asks for: Steam's feed with `REVIEW_SOURCE=steam`, the sandbox otherwise; Epic always the sandbox. */
export function composeReviewSources(config: { REVIEW_SOURCE: 'sandbox' | 'steam'; STEAM_STORE_URL?: string }): ReviewSources {
  return {
    steam: config.REVIEW_SOURCE === 'steam' ? new SteamReviewSource({ baseUrl: config.STEAM_STORE_URL }) : new SandboxReviewSource('steam'),
    epic: new SandboxReviewSource('epic'),
  };
}
