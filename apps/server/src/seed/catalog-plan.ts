import type { Area } from '@lantern/domain';
import type { LocalizedName } from '../modules/catalog/tables.ts';
import type { Prng } from './prng.ts';
import { FEATURES, GENRES, PRICE_TIERS, PUBLISHERS, STUDIOS, SUBTITLES, THEMES, TITLE_FIRST, TITLE_SECOND } from './catalog-vocab.ts';

/** Names too close to real games are never drawn. */
const AVOID = new Set(['Midnight Protocol', 'Crimson Citadel', 'Paper Garden', 'Neon Circuit', 'Lunar Voyage']);

export type EditionKind = 'standard' | 'deluxe' | 'ultimate';
export type KeyType = 'steam' | 'uplay' | 'epic' | 'origin' | 'gog' | 'other';
export type Status = 'sale' | 'pre_sale' | 'off' | 'unpublished';

/** One game of the demo store, decided before anything is written. */
export interface GamePlan {
  key: string;
  name: LocalizedName;
  genres: string[];
  features: string[];
  themes: string[];
  developer: string;
  publisher: string;
  releasedAt: Date;
  status: Status;
  areas: Area[];
  /** A region lock on the mainland SKUs (hk or cn), or none. */
  nativeRegion: string | null;
  /** Index into PRICE_TIERS; -1 for a free game. */
  tier: number;
  discount: number | null;
  editions: EditionKind[];
  keyType: KeyType;
  score: number;
  wishes: number;
  rank: number;
  sysTier: number;
  pointsPay: boolean;
  sequelOf: number | null;
}

const DAY = 86_400_000;

export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function titleOf(rng: Prng, used: Set<string>): LocalizedName {
  for (;;) {
    const [firstEn, firstZh] = rng.pick(TITLE_FIRST);
    const [secondEn, secondZh] = rng.pick(TITLE_SECOND);
    let en = `${firstEn} ${secondEn}`;
    let chs = `${firstZh}${secondZh}`;
    if (used.has(en) || AVOID.has(en)) continue;
    used.add(en);
    if (rng.chance(0.2)) {
      const [subEn, subZh] = rng.pick(SUBTITLES);
      en = `${en}: ${subEn}`;
      chs = `${chs}：${subZh}`;
    }
    return { en, chs };
  }
}

/**
 * The 160 games of the demo store: most sold on both sites, some on one only, a few region-locked; free,
 * discounted, pre-sale, off-sale and unpublished ones in believable shares; editions and sequels.
 */
export function planGames(rng: Prng, now: Date, count = 160): GamePlan[] {
  const used = new Set<string>();
  const genreSlugs = GENRES.map((g) => g[0]);
  const games: GamePlan[] = [];
  const sequels = Math.round(count / 16);
  for (let i = 0; i < count; i++) {
    let sequelOf = i >= count - sequels ? rng.int(0, count - sequels - 1) : null;
    const sequelName = sequelOf === null ? null : { en: `${games[sequelOf]!.name.en.split(':')[0]} II`, chs: `${games[sequelOf]!.name.chs.split('：')[0]} 2` };
    if (sequelName && used.has(sequelName.en)) sequelOf = null;
    const base = sequelOf === null ? null : games[sequelOf]!;
    const name = base && sequelName ? sequelName : titleOf(rng, used);
    used.add(name.en);
    const primary = base ? base.genres[0]! : rng.pick(genreSlugs);
    const genres = [primary, ...rng.sample(genreSlugs.filter((g) => g !== primary), rng.int(0, 2))];
    const features = rng.sample(FEATURES.map((f) => f[0]), rng.int(2, 4));
    if (!features.includes('single_player') && !features.includes('multiplayer')) features.unshift(rng.chance(0.75) ? 'single_player' : 'multiplayer');
    const themes = base ? [...base.themes] : rng.sample(THEMES.map((t) => t[0]), rng.int(1, 2));
    const roll = rng.next();
    const areas: Area[] = roll < 0.72 ? ['native', 'abroad'] : roll < 0.86 ? ['native'] : ['abroad'];
    const daysAgo = base ? rng.int(20, 500) : rng.int(15, 2900);
    games.push({
      key: `${slugOf(name.en)}-${i + 1}`,
      name,
      genres,
      features,
      themes,
      developer: base ? base.developer : rng.pick(STUDIOS),
      publisher: base ? base.publisher : rng.pick(PUBLISHERS),
      releasedAt: new Date(now.getTime() - daysAgo * DAY),
      status: 'sale',
      areas,
      nativeRegion: null,
      tier: rng.weighted([[0, 8], [1, 14], [2, 12], [3, 16], [4, 10], [5, 10], [6, 8], [7, 5], [8, 4]] as const),
      discount: null,
      editions: ['standard'],
      keyType: rng.weighted<KeyType>([['steam', 70], ['epic', 10], ['uplay', 6], ['gog', 6], ['origin', 4], ['other', 4]]),
      score: rng.int(58, 97),
      wishes: Math.floor(Math.exp(rng.next() * 10.2)),
      rank: 0,
      sysTier: rng.int(0, 2),
      pointsPay: rng.chance(0.2),
      sequelOf,
    });
  }

  // Shares of the store: free games, pre-sales with future dates, a few off sale or unpublished.
  const order = rng.shuffle(games.map((_, i) => i).filter((i) => games[i]!.sequelOf === null));
  const take = (n: number) => order.splice(0, n).map((i) => games[i]!);
  for (const g of take(10)) g.tier = -1;
  for (const g of take(12)) {
    g.status = 'pre_sale';
    g.releasedAt = new Date(now.getTime() + rng.int(10, 150) * DAY);
    g.score = 0;
    g.wishes = rng.int(2_000, 60_000);
  }
  for (const g of take(3)) g.status = 'off';
  for (const g of take(2)) g.status = 'unpublished';
  // Region locks on the mainland site: a few Hong Kong-only releases, a few mainland-only ones.
  for (const g of take(4)) {
    g.areas = ['native'];
    g.nativeRegion = 'hk';
  }
  for (const g of take(3)) {
    g.areas = ['native', 'abroad'];
    g.nativeRegion = 'cn';
  }
  // Editions: 22 games sell Deluxe, 9 of them Ultimate too.
  for (const [n, g] of take(22).entries()) {
    g.editions = n < 9 ? ['standard', 'deluxe', 'ultimate'] : ['standard', 'deluxe'];
    g.tier = Math.min(Math.max(g.tier, 3), PRICE_TIERS.length - 5);
  }
  for (const g of games) {
    if (g.status === 'sale' && g.tier >= 0 && rng.chance(0.4)) g.discount = rng.pick([10, 15, 20, 25, 30, 33, 40, 50, 60, 66, 75, 80, 90]);
    const recency = Math.max(0, 1 - (now.getTime() - g.releasedAt.getTime()) / (1500 * DAY));
    g.rank = Math.round(g.score * 5 + Math.log10(g.wishes + 1) * 70 + recency * 180 + rng.next() * 120 + (g.discount ? 40 : 0));
  }
  return games;
}
