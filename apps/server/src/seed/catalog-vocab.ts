/**
 * The words the demo catalogue is made of. Every title, studio and brand is invented for Lantern; none
 * names a real game, company or product.
 */

export type Pair = readonly [en: string, chs: string];

/** Game tags (≥ 25): genres, features and themes, in display order. */
export const GENRES: ReadonlyArray<readonly [slug: string, en: string, chs: string]> = [
  ['action', 'Action', '动作'],
  ['adventure', 'Adventure', '冒险'],
  ['rpg', 'RPG', '角色扮演'],
  ['strategy', 'Strategy', '策略'],
  ['simulation', 'Simulation', '模拟'],
  ['puzzle', 'Puzzle', '解谜'],
  ['racing', 'Racing', '竞速'],
  ['sports', 'Sports', '体育'],
  ['shooter', 'Shooter', '射击'],
  ['platformer', 'Platformer', '平台跳跃'],
  ['roguelike', 'Roguelike', '肉鸽'],
  ['horror', 'Horror', '恐怖'],
  ['fighting', 'Fighting', '格斗'],
  ['survival', 'Survival', '生存'],
  ['card', 'Card Game', '卡牌'],
  ['rhythm', 'Rhythm', '节奏'],
];

export const FEATURES: ReadonlyArray<readonly [slug: string, en: string, chs: string]> = [
  ['single_player', 'Single-player', '单人'],
  ['multiplayer', 'Online Multiplayer', '在线多人'],
  ['coop', 'Co-op', '合作'],
  ['controller', 'Full Controller Support', '完整手柄支持'],
  ['open_world', 'Open World', '开放世界'],
  ['cloud_saves', 'Cloud Saves', '云存档'],
  ['achievements', 'Achievements', '成就'],
  ['chinese', 'Simplified Chinese', '简体中文'],
  ['vr', 'VR Support', 'VR 支持'],
];

export const THEMES: ReadonlyArray<readonly [slug: string, en: string, chs: string]> = [
  ['fantasy', 'Fantasy', '奇幻'],
  ['scifi', 'Sci-fi', '科幻'],
  ['cyberpunk', 'Cyberpunk', '赛博朋克'],
  ['post_apocalyptic', 'Post-apocalyptic', '末日'],
  ['historical', 'Historical', '历史'],
  ['wuxia', 'Wuxia', '武侠'],
  ['cute', 'Cute', '可爱'],
  ['dark', 'Dark', '暗黑'],
  ['pixel', 'Pixel Art', '像素'],
  ['anime', 'Anime', '动漫'],
  ['space', 'Space', '太空'],
  ['mystery', 'Mystery', '悬疑'],
  ['indie', 'Indie', '独立'],
];

/** Game-shop categories and the genres that fall in each. */
export const GAME_CATEGORIES: ReadonlyArray<readonly [slug: string, en: string, chs: string, genres: readonly string[]]> = [
  ['action-adventure', 'Action & Adventure', '动作冒险', ['action', 'adventure', 'platformer', 'fighting', 'horror']],
  ['rpg', 'Role-playing', '角色扮演', ['rpg', 'roguelike']],
  ['strategy-sim', 'Strategy & Simulation', '策略模拟', ['strategy', 'simulation', 'card']],
  ['shooter-survival', 'Shooters & Survival', '射击生存', ['shooter', 'survival']],
  ['casual', 'Casual & Puzzle', '休闲益智', ['puzzle', 'rhythm']],
  ['sports-racing', 'Sports & Racing', '体育竞速', ['sports', 'racing']],
  ['dlc', 'DLC & Expansions', '扩展内容', []],
  ['bundles', 'Bundles', '合集', []],
  ['soundtracks-art', 'Soundtracks & Art', '原声与画集', []],
];

export const PERIPHERAL_CATEGORIES: ReadonlyArray<readonly [slug: string, en: string, chs: string]> = [
  ['keyboards', 'Keyboards', '键盘'],
  ['mice', 'Mice', '鼠标'],
  ['audio', 'Headsets & Audio', '耳机音频'],
  ['controllers', 'Controllers', '手柄'],
  ['merch', 'Apparel & Merch', '服饰周边'],
];

/** The peripheral shop's navigation tags, in order. */
export const PERI_TAGS: ReadonlyArray<readonly [slug: string, en: string, chs: string]> = [
  ['new', 'New Arrivals', '新品上架'],
  ['keyboards', 'Keyboards', '键盘'],
  ['mice', 'Mice', '鼠标'],
  ['headsets', 'Headsets', '耳机'],
  ['controllers', 'Controllers', '手柄'],
  ['merch', 'Merch', '周边'],
];

export const TITLE_FIRST: readonly Pair[] = [
  ['Ashen', '灰烬'], ['Crimson', '赤红'], ['Starfall', '星坠'], ['Neon', '霓虹'], ['Frostbound', '霜缚'], ['Sunken', '沉没'],
  ['Gilded', '鎏金'], ['Paper', '纸'], ['Clockwork', '发条'], ['Velvet', '天鹅绒'], ['Obsidian', '黑曜'], ['Lunar', '月影'],
  ['Tidal', '潮汐'], ['Wandering', '流浪'], ['Emberlight', '烬光'], ['Copper', '黄铜'], ['Verdant', '翠绿'], ['Shattered', '破碎'],
  ['Drifting', '漂流'], ['Azure', '蔚蓝'], ['Phantom', '幻影'], ['Amber', '琥珀'], ['Thundering', '雷鸣'], ['Whispering', '低语'],
  ['Radiant', '璀璨'], ['Forgotten', '遗忘'], ['Cinder', '余火'], ['Moonlit', '月下'], ['Glass', '琉璃'], ['Rusted', '锈蚀'],
  ['Quiet', '静谧'], ['Distant', '遥远'], ['Tangled', '缠结'], ['Hollowmere', '空湖'], ['Saltwind', '盐风'], ['Stormglass', '风暴琉璃'],
  ['Lantern', '灯笼'], ['Jade', '翡翠'], ['Cobalt', '钴蓝'], ['Silverpine', '银松'],
];

export const TITLE_SECOND: readonly Pair[] = [
  ['Tides', '之潮'], ['Legion', '军团'], ['Orchard', '果园'], ['Caravan', '商队'], ['Meridian', '子午线'], ['Reverie', '幻梦'],
  ['Frontier', '边境'], ['Citadel', '要塞'], ['Harbor', '港湾'], ['Lanterns', '灯火'], ['Covenant', '盟约'], ['Expanse', '旷野'],
  ['Circuit', '回路'], ['Vanguard', '先锋'], ['Sanctum', '圣所'], ['Gambit', '棋局'], ['Archive', '档案馆'], ['Garden', '花园'],
  ['Voyage', '远航'], ['Foundry', '铸造厂'], ['Requiem', '安魂曲'], ['Outpost', '前哨'], ['Spire', '尖塔'], ['Dominion', '领地'],
  ['Labyrinth', '迷宫'], ['Wardens', '守望者'], ['Engine', '引擎'], ['Menagerie', '奇兽园'], ['Cartographer', '制图师'], ['Parade', '游行'],
];

export const SUBTITLES: readonly Pair[] = [
  ['Saltborn', '盐之子'], ['Second Dawn', '第二黎明'], ['The Long Night', '长夜'], ['Exiles', '流亡者'], ['Ascension', '飞升'],
  ['Homecoming', '归乡'], ['Deep Roots', '深根'], ['Afterglow', '余晖'], ['Remnants', '残响'], ['Zero Hour', '零时'],
];

export const STUDIOS: readonly string[] = [
  'Quiet Pine Games', 'Lanternfish Studio', 'Polaris Interactive', 'Paper Crane Works', 'Moonlit Forge', 'Saltwind Games',
  'Redbrick Arcade', 'Sandalwood Games', 'Glasshouse Interactive', 'Tin Robot Studio', 'Kestrel & Kite', 'Nine Rivers Studio',
  'Driftglass', 'Owlbear Workshop', 'Cinder Bay', 'Velvet Fox Games', 'Sunward Labs', 'Mistmount Studio',
];

export const PUBLISHERS: readonly string[] = [
  'Lantern Works', 'Bright Harbor Publishing', 'Northlight Publishing', 'Lamplight Digital', 'Meridian Games', 'Copperleaf Entertainment',
];

export const EDITIONS = {
  standard: ['Standard Edition', '标准版'] as Pair,
  deluxe: ['Deluxe Edition', '豪华版'] as Pair,
  ultimate: ['Ultimate Edition', '终极版'] as Pair,
};

export const DLC_NAMES: readonly Pair[] = [
  ['Season Pass', '季票'], ['Original Soundtrack', '原声音乐'], ['Digital Artbook', '数字艺术集'], ['The Lost Isles', '失落群岛'],
  ['Frozen Depths', '冰封深渊'], ['Cosmetic Pack', '外观礼包'], ['Expansion: Ashfall', '资料片：落灰'], ['Story Chapter: Embers', '剧情章节：余烬'],
  ['Supporter Pack', '支持者礼包'], ['Challenge Maps', '挑战地图包'],
];

/** Price tiers in US cents and their mainland prices in fen (regional pricing, not an exchange rate). */
export const PRICE_TIERS: ReadonlyArray<readonly [usd: number, cny: number]> = [
  [499, 2200], [999, 4800], [1499, 6800], [1999, 9800], [2499, 11800], [2999, 13800], [3999, 19800], [4999, 24800], [5999, 29800], [6999, 34800],
];

export const DISCOUNTS: readonly number[] = [10, 15, 20, 25, 30, 33, 40, 50, 60, 66, 75, 80, 90];

/** Headlines per genre, in both languages. */
export const TAGLINES: Readonly<Record<string, Pair>> = {
  action: ['Fast, fierce and beautifully dangerous.', '凌厉迅猛，危险而美丽。'],
  adventure: ['Every path leads somewhere worth the walk.', '每一条路，都通向值得抵达的远方。'],
  rpg: ['Forge a legend one choice at a time.', '每一次抉择，都在书写你的传奇。'],
  strategy: ['Outthink, outbuild, outlast.', '运筹帷幄，步步为营。'],
  simulation: ['Build the world you always wanted to run.', '亲手打造你梦想中的世界。'],
  puzzle: ['Quiet rooms, clever locks, one more try.', '静谧的房间，精巧的机关，再试一次。'],
  racing: ['Find the line. Hold the line. Own the line.', '找准路线，守住节奏，冲过终点。'],
  sports: ['The season starts the moment you pick up the controller.', '拿起手柄，赛季即刻开始。'],
  shooter: ['Precision under pressure.', '压力之下，一击必中。'],
  platformer: ['Jump, dash, fall, laugh, try again.', '跳跃、冲刺、跌落，再来一次。'],
  roguelike: ['Die, learn, descend deeper.', '倒下、成长、再深入一层。'],
  horror: ['Some doors are better left closed.', '有些门，最好永远不要打开。'],
  fighting: ['Read your rival. Break their guard.', '看穿对手，破其防守。'],
  survival: ['Gather, build, endure the night.', '收集、建造、熬过长夜。'],
  card: ['Every deck tells a story.', '每一套卡组，都是一个故事。'],
  rhythm: ['Feel the beat in your fingertips.', '让节拍在指尖跃动。'],
};

export const THEME_WORDS: Readonly<Record<string, Pair>> = {
  fantasy: ['a realm of old magic and older grudges', '一个古老魔法与宿怨交织的国度'],
  scifi: ['a far future of humming machines and fragile hope', '一个机器轰鸣、希望脆弱的遥远未来'],
  cyberpunk: ['a rain-soaked megacity that never sleeps', '一座雨夜中永不停歇的巨型都市'],
  post_apocalyptic: ['the quiet ruins of a world that ended', '一个已然终结的世界的寂静废墟'],
  historical: ['an age of empires, caravans and uneasy borders', '一个帝国、商队与动荡边境的时代'],
  wuxia: ['a land of wandering swordsmen and hidden sects', '一个侠客漂泊、门派隐世的江湖'],
  cute: ['a cosy little world full of charming misfits', '一个满是可爱怪咖的温馨小世界'],
  dark: ['a shadowed land where light has a price', '一片连光明都要付出代价的幽暗之地'],
  pixel: ['a hand-pixelled world bursting with detail', '一个细节满满的手绘像素世界'],
  anime: ['a vivid, hand-drawn world of unlikely heroes', '一个色彩鲜明、平凡英雄辈出的手绘世界'],
  space: ['the cold, beautiful dark between the stars', '群星之间寒冷而美丽的黑暗'],
  mystery: ['a town where everyone is hiding something', '一座人人都藏着秘密的小镇'],
  indie: ['a small world made with a great deal of love', '一个用满满心意打造的小世界'],
};

export const FEATURE_LINES: Readonly<Record<string, Pair>> = {
  single_player: ['A full campaign of 25+ hours with multiple endings.', '超过 25 小时的完整战役，多结局设计。'],
  multiplayer: ['Ranked and casual online matches with cross-region servers.', '排位与休闲在线对战，跨区服务器。'],
  coop: ['Team up with up to four friends in seamless online co-op.', '最多四人无缝在线合作。'],
  controller: ['Plays beautifully on a controller, with fully remappable keys.', '完美支持手柄，按键可完全自定义。'],
  open_world: ['A hand-crafted open world with no loading screens.', '精心打造的无缝开放世界。'],
  cloud_saves: ['Cloud saves keep your progress on every PC.', '云存档让进度随你而行。'],
  achievements: ['Over 60 achievements for completionists.', '超过 60 项成就等你解锁。'],
  chinese: ['Full Simplified Chinese text and interface.', '完整简体中文文本与界面。'],
  vr: ['Optional VR mode for supported headsets.', '支持 VR 头显的可选 VR 模式。'],
};

/** How a key of each type is activated, per language. */
export const ACTIVATION: Readonly<Record<string, Pair>> = {
  steam: [
    '1. Install the Steam client and sign in.\n2. Choose Games → Activate a Product on Steam….\n3. Enter the key from your Lantern library and follow the steps.',
    '1. 安装并登录 Steam 客户端。\n2. 点击「游戏」→「在 Steam 上激活产品」。\n3. 输入灯笼库中显示的激活码并按提示完成。',
  ],
  epic: [
    '1. Open the Epic Games Launcher and sign in.\n2. Click your profile → Redeem Code.\n3. Enter the key from your Lantern library.',
    '1. 打开 Epic 游戏启动器并登录。\n2. 点击头像 →「兑换代码」。\n3. 输入灯笼库中显示的激活码。',
  ],
  uplay: [
    '1. Open Ubisoft Connect and sign in.\n2. Open the menu → Activate Key.\n3. Enter the key from your Lantern library.',
    '1. 打开 Ubisoft Connect 并登录。\n2. 打开菜单 →「激活码」。\n3. 输入灯笼库中显示的激活码。',
  ],
  gog: [
    '1. Sign in at the GOG website.\n2. Open the redeem page and enter the key from your Lantern library.\n3. Install the game from GOG GALAXY.',
    '1. 登录 GOG 网站。\n2. 打开兑换页面，输入灯笼库中显示的激活码。\n3. 在 GOG GALAXY 中安装游戏。',
  ],
  origin: [
    '1. Open the EA app and sign in.\n2. Choose Redeem Code from the menu.\n3. Enter the key from your Lantern library.',
    '1. 打开 EA 应用并登录。\n2. 在菜单中选择「兑换代码」。\n3. 输入灯笼库中显示的激活码。',
  ],
  other: [
    'Your download link and licence appear in your Lantern library right after purchase.',
    '购买后，下载链接与授权信息将立即显示在你的灯笼库中。',
  ],
  physical: [
    'Ships from our warehouse within 48 hours. Track the parcel from your order page.',
    '48 小时内从仓库发货，可在订单页面查看物流。',
  ],
};

export const SYSTEM_TIERS = [
  {
    minimum: { os: 'Windows 10 64-bit', processor: 'Intel Core i3-6100 / AMD Ryzen 3 1200', memory: '8 GB RAM', graphics: 'GTX 960 / RX 460', storage: '15 GB' },
    recommended: { os: 'Windows 11 64-bit', processor: 'Intel Core i5-8400 / AMD Ryzen 5 2600', memory: '16 GB RAM', graphics: 'GTX 1660 / RX 5600 XT', storage: '15 GB SSD' },
  },
  {
    minimum: { os: 'Windows 10 64-bit', processor: 'Intel Core i5-8400 / AMD Ryzen 5 2600', memory: '12 GB RAM', graphics: 'GTX 1060 6GB / RX 580', storage: '45 GB' },
    recommended: { os: 'Windows 11 64-bit', processor: 'Intel Core i7-10700 / AMD Ryzen 7 3700X', memory: '16 GB RAM', graphics: 'RTX 2070 / RX 6700 XT', storage: '45 GB SSD' },
  },
  {
    minimum: { os: 'Windows 10 64-bit', processor: 'Intel Core i7-9700 / AMD Ryzen 7 3700X', memory: '16 GB RAM', graphics: 'RTX 2060 / RX 6600', storage: '90 GB SSD' },
    recommended: { os: 'Windows 11 64-bit', processor: 'Intel Core i7-12700 / AMD Ryzen 7 5800X', memory: '32 GB RAM', graphics: 'RTX 3080 / RX 6800 XT', storage: '90 GB NVMe SSD' },
  },
] as const;
