import type { LocalizedName } from '../modules/catalog/tables.ts';
import type { Prng } from './prng.ts';
import type { Pair } from './catalog-vocab.ts';

/** Lantern's house brands: invented, like everything the demo sells. */
const BRANDS: readonly Pair[] = [['Emberforge', '烬铸'], ['Driftwood Audio', '漂木音频'], ['Kite Controls', '风筝控'], ['Lantern Gear', '灯笼装备'], ['Paperfold', '纸折']];

type Spec = readonly [string, string, string, string];

interface Line {
  category: string;
  periTag: string;
  models: readonly string[];
  noun: Pair;
  /** Price range in yuan, and the lowest dollar price (major units). */
  cny: readonly [number, number];
  usd: readonly [number, number];
  pitches: readonly Pair[];
  specs: (rng: Prng) => Spec[];
  brands: readonly number[];
}

const LINES: readonly Line[] = [
  {
    category: 'keyboards', periTag: 'keyboards', models: ['K61', 'K68 Wireless', 'K75', 'K87 Pro', 'K98', 'K104 TKL', 'K65 Low Profile', 'K80 Hall Effect', 'K96 Creator', 'K61 Mini'],
    noun: ['Mechanical Keyboard', '机械键盘'], cny: [299, 1299], usd: [49, 199], brands: [0, 3, 4],
    pitches: [['Hot-swappable switches and a gasket mount that sounds as good as it feels.', '热插拔轴体与 Gasket 结构，手感与声音同样出色。'], ['Tri-mode wireless with 4,000 mAh: a month between charges.', '三模无线，4000 mAh 电池，一个月一充。']],
    specs: (rng) => [['Switches', rng.pick(['Linear', 'Tactile', 'Clicky']), '轴体', rng.pick(['线性轴', '段落轴', '青轴'])], ['Connection', 'USB-C / 2.4 GHz / Bluetooth', '连接方式', 'USB-C / 2.4G / 蓝牙'], ['Polling rate', '1000 Hz', '回报率', '1000 Hz']],
  },
  {
    category: 'mice', periTag: 'mice', models: ['M3', 'M5 Lite', 'M7 Wireless', 'M9 Pro', 'M2 Ultralight', 'M6 Ergo', 'M8 Esports', 'M4 Travel', 'M10 Studio'],
    noun: ['Gaming Mouse', '游戏鼠标'], cny: [129, 699], usd: [29, 129], brands: [0, 2, 3],
    pitches: [['58 grams, a 26K DPI sensor and feet that glide like ice.', '58 克轻量化机身，26K DPI 传感器，顺滑如冰。'], ['Shaped for long sessions, with silent side buttons.', '为长时间游戏设计的人体工学造型，静音侧键。']],
    specs: (rng) => [['Sensor', `${rng.pick([16, 26, 32])}K DPI optical`, '传感器', `${rng.pick([16, 26, 32])}K DPI 光学传感器`], ['Weight', `${rng.int(52, 98)} g`, '重量', `${rng.int(52, 98)} 克`], ['Connection', '2.4 GHz / USB-C', '连接方式', '2.4G / USB-C']],
  },
  {
    category: 'audio', periTag: 'headsets', models: ['H2', 'H5 Wireless', 'H7 Pro', 'H3 Studio', 'H9 Spatial', 'H1 Lite', 'H6 Open-back', 'H8 ANC'],
    noun: ['Gaming Headset', '游戏耳机'], cny: [199, 1099], usd: [39, 179], brands: [1, 3],
    pitches: [['50 mm drivers tuned for footsteps you can place on a map.', '50 毫米单元，脚步声方位清晰可辨。'], ['A detachable broadcast-grade microphone and 40 hours of battery.', '可拆卸广播级麦克风，40 小时续航。']],
    specs: (rng) => [['Drivers', '50 mm dynamic', '单元', '50 毫米动圈'], ['Battery', `${rng.int(30, 80)} h`, '续航', `${rng.int(30, 80)} 小时`], ['Microphone', 'Detachable, noise-cancelling', '麦克风', '可拆卸降噪麦克风']],
  },
  {
    category: 'controllers', periTag: 'controllers', models: ['C1', 'C3 Wireless', 'C5 Elite', 'C2 Compact', 'C7 Hall Stick', 'C4 Retro', 'C6 Pro'],
    noun: ['Controller', '游戏手柄'], cny: [159, 799], usd: [29, 139], brands: [2, 3],
    pitches: [['Hall-effect sticks that never drift, and four back paddles.', '霍尔摇杆永不漂移，背部四颗自定义按键。'], ['Plays on PC, phone and TV box with one button to switch.', '一键切换，PC、手机与电视盒子通用。']],
    specs: () => [['Sticks', 'Hall effect', '摇杆', '霍尔摇杆'], ['Connection', 'Bluetooth / 2.4 GHz / USB-C', '连接方式', '蓝牙 / 2.4G / USB-C'], ['Vibration', 'Dual motors', '震动', '双马达震动']],
  },
];

const MERCH: ReadonlyArray<readonly [Pair, number, number]> = [
  [['Lantern Logo Hoodie', '灯笼标志连帽卫衣'], 299, 59],
  [['Enamel Pin Set', '珐琅徽章套装'], 79, 15],
  [['XL Desk Mat', '超大桌垫'], 129, 25],
  [['Starlit Poster Set', '星夜海报套装'], 59, 12],
  [['Lantern Mug', '灯笼马克杯'], 69, 14],
  [['Collector Figure', '收藏手办'], 599, 99],
];

export interface PeripheralPlan {
  key: string;
  name: LocalizedName;
  brand: string;
  category: string;
  periTags: string[];
  /** Minor units; `usd` null when sold on the mainland site only. */
  cny: number;
  usd: number | null;
  discount: number | null;
  pitch: Pair;
  specs: Spec[];
  rank: number;
  score: number;
  wishes: number;
  daysAgo: number;
}

/** The 40 peripherals and merchandise of the peripheral shop: four product lines and a merch table. */
export function planPeripherals(rng: Prng): PeripheralPlan[] {
  const plans: PeripheralPlan[] = [];
  const counts = [10, 9, 8, 7];
  for (const [li, line] of LINES.entries()) {
    for (const model of line.models.slice(0, counts[li])) {
      const [brandEn, brandZh] = BRANDS[rng.pick(line.brands)]!;
      const cny = (rng.int(Math.ceil(line.cny[0] / 10), Math.floor(line.cny[1] / 10)) * 10 - 1) * 100;
      // Hardware is priced near the exchange rate (unlike games' regional prices): about ¥7 to the dollar.
      const usd = Math.max(line.usd[0], Math.round(cny / 100 / 7)) * 100 - 1;
      plans.push({
        key: `peri-${line.category}-${model.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        name: { en: `${brandEn} ${model} ${line.noun[0]}`, chs: `${brandZh} ${model} ${line.noun[1]}` },
        brand: brandEn,
        category: line.category,
        periTags: [line.periTag],
        cny,
        usd: rng.chance(0.62) ? usd : null,
        discount: rng.chance(0.3) ? rng.pick([10, 15, 20, 30]) : null,
        pitch: rng.pick(line.pitches),
        specs: line.specs(rng),
        rank: rng.int(150, 520),
        score: rng.int(78, 98),
        wishes: rng.int(50, 8000),
        daysAgo: rng.int(5, 700),
      });
    }
  }
  for (const [[en, chs], cny, usd] of MERCH) {
    plans.push({
      key: `peri-merch-${en.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      name: { en, chs },
      brand: 'Lantern Gear',
      category: 'merch',
      periTags: ['merch'],
      cny: cny * 100,
      usd: usd * 100 - 1,
      discount: null,
      pitch: ['Official Lantern merchandise, made in small batches.', '灯笼官方周边，小批量精心制作。'],
      specs: [['Material', 'See product photos', '材质', '见产品图'], ['Shipping', 'Within 48 hours', '发货', '48 小时内']],
      rank: rng.int(100, 400),
      score: rng.int(85, 99),
      wishes: rng.int(20, 3000),
      daysAgo: rng.int(5, 400),
    });
  }
  // The newest ones also show under "New Arrivals".
  for (const plan of [...plans].sort((a, b) => a.daysAgo - b.daysAgo).slice(0, 8)) plan.periTags.unshift('new');
  return plans;
}
