import { API } from '@lantern/contract';
import type { EditionDetail, LocalizedName } from '../modules/catalog/tables.ts';
import type { Prng } from './prng.ts';
import { ACTIVATION, FEATURE_LINES, SYSTEM_TIERS, TAGLINES, THEME_WORDS, type Pair } from './catalog-vocab.ts';

/** Labels of the system requirement fields per language. */
const SPEC_LABELS_CHS: Record<string, string> = { os: '操作系统', processor: '处理器', memory: '内存', graphics: '显卡', storage: '存储空间' };
const SPEC_LABELS_EN: Record<string, string> = { os: 'OS', processor: 'Processor', memory: 'Memory', graphics: 'Graphics', storage: 'Storage' };

function labelled(spec: Record<string, string>, labels: Record<string, string>, chs: boolean): Record<string, string> {
  return Object.fromEntries(
    Object.entries(spec).map(([k, v]) => [labels[k] ?? k, chs ? v.replace('RAM', '内存').replace(' SSD', ' 固态硬盘') : v]),
  );
}

export interface GameText {
  name: LocalizedName;
  /** The cover key: media and background art are drawn from it. */
  key: string;
  genre: string;
  theme: string;
  features: readonly string[];
  developer: string;
  publisher: string;
  year: number;
  keyType: string;
  /** 0 light, 1 mid, 2 heavy system requirements. */
  tier: number;
  /** What the edition adds (Deluxe, Ultimate), per language. */
  editionExtra?: Pair;
  kind: 'game' | 'dlc' | 'bundle' | 'virtual';
  /** For a DLC: the base game's name. */
  baseName?: LocalizedName;
}

function media(rng: Prng, key: string, chs: boolean) {
  const count = rng.int(4, 6);
  return Array.from({ length: count }, (_, i) => ({
    kind: 'image' as const,
    seed: `${key}-shot-${i + 1}`,
    caption: chs ? `游戏截图 ${i + 1}` : `Screenshot ${i + 1}`,
  }));
}

/** Store-page text of one game edition in both languages, and the default (the area's language). */
export function gameDetails(rng: Prng, text: GameText, defaultLanguage: 'chs' | 'en'): { chs: EditionDetail; en: EditionDetail; default: EditionDetail } {
  const tagline = TAGLINES[text.genre] ?? TAGLINES.adventure!;
  const world = THEME_WORDS[text.theme] ?? THEME_WORDS.indie!;
  const version = `${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}`;
  const tier = SYSTEM_TIERS[Math.min(text.tier, SYSTEM_TIERS.length - 1)]!;
  const shots = media(rng, text.key, false);
  const build = (lang: 0 | 1): EditionDetail => {
    const chs = lang === 1;
    const title = text.name[chs ? 'chs' : 'en'];
    const features = text.features.map((f) => FEATURE_LINES[f]?.[lang]).filter((l): l is string => Boolean(l));
    const intro =
      text.kind === 'dlc' && text.baseName
        ? chs
          ? `《${title}》是《${text.baseName.chs}》的扩展内容，需要拥有本体游戏才能游玩。`
          : `${title} is additional content for ${text.baseName.en} and requires the base game.`
        : chs
          ? `在《${title}》中，你将踏入${world[1]}。`
          : `${title} takes you into ${world[0]}.`;
    const body = chs
      ? `${tagline[1]}由 ${text.developer} 倾力打造，每一处细节都经过反复打磨。`
      : `${tagline[0]} Crafted by ${text.developer}, every corner of it has been polished with care.`;
    const extra = text.editionExtra ? `\n\n${text.editionExtra[lang]}` : '';
    return {
      title,
      headline: tagline[lang],
      activation: ACTIVATION[text.keyType]?.[lang] ?? ACTIVATION.other![lang],
      description: `${intro}\n\n${body}\n\n${features.map((f) => `• ${f}`).join('\n')}${extra}`,
      summary: chs ? `${tagline[1]}${world[1]}正等待着你。` : `${tagline[0]} Step into ${world[0]}.`,
      videos: [],
      media: shots.map((s, i) => ({ ...s, caption: chs ? `游戏截图 ${i + 1}` : s.caption })),
      system_requirements: {
        minimum: labelled(tier.minimum, chs ? SPEC_LABELS_CHS : SPEC_LABELS_EN, chs),
        recommended: labelled(tier.recommended, chs ? SPEC_LABELS_CHS : SPEC_LABELS_EN, chs),
      },
      background: API.cover(text.key, 'banner'),
      noumenon_version: version,
      copyright: chs
        ? `© ${text.year} ${text.developer}。由 ${text.publisher} 发行，保留所有权利。`
        : `© ${text.year} ${text.developer}. Published by ${text.publisher}. All rights reserved.`,
    };
  };
  const en = build(0);
  const chs = build(1);
  return { chs, en, default: defaultLanguage === 'chs' ? chs : en };
}

export interface PeripheralText {
  name: LocalizedName;
  key: string;
  pitch: Pair;
  /** Specifications: [label, value] in English then Chinese. */
  specs: ReadonlyArray<readonly [string, string, string, string]>;
  brand: string;
  year: number;
}

/** Store-page text of a peripheral: its pitch, specifications (in the requirements block) and shipping. */
export function peripheralDetails(rng: Prng, text: PeripheralText, defaultLanguage: 'chs' | 'en') {
  const shots = media(rng, text.key, false);
  const build = (lang: 0 | 1): EditionDetail => {
    const chs = lang === 1;
    const title = text.name[chs ? 'chs' : 'en'];
    const specs = Object.fromEntries(text.specs.map(([labelEn, valueEn, labelChs, valueChs]) => (chs ? [labelChs, valueChs] : [labelEn, valueEn])));
    return {
      title,
      headline: text.pitch[lang],
      activation: ACTIVATION.physical![lang],
      description: chs
        ? `${title}：${text.pitch[1]}\n\n由 ${text.brand} 设计，为长时间游戏而生。包装内含使用说明与一年质保卡。`
        : `${title}: ${text.pitch[0]}\n\nDesigned by ${text.brand} for long sessions. Ships with a quick-start guide and a one-year warranty.`,
      summary: text.pitch[lang],
      videos: [],
      media: shots.map((s, i) => ({ ...s, caption: chs ? `产品图 ${i + 1}` : `Product photo ${i + 1}` })),
      system_requirements: { minimum: specs, recommended: {} },
      background: API.cover(text.key, 'banner'),
      noumenon_version: '',
      copyright: `© ${text.year} ${text.brand}`,
    };
  };
  const en = build(0);
  const chs = build(1);
  return { chs, en, default: defaultLanguage === 'chs' ? chs : en };
}
