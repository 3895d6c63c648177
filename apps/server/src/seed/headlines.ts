import sharp from 'sharp';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { plainTextOf, sanitizeRichText } from '../modules/community/index.ts';
import { createComment, setLike } from '../modules/discussion/index.ts';
import { headlineDrafts, headlines, headlineSections } from '../modules/headlines/tables.ts';
import { storeImageFor } from '../modules/uploads/index.ts';
import { Prng } from './prng.ts';

/** Cover art for demo articles: a gradient, a horizon and a few shapes, drawn by sharp from SVG at seed time. */
const PALETTES = [
  ['#0f172a', '#7c3aed', '#f59e0b'], ['#042f2e', '#0d9488', '#fde68a'], ['#1f0a24', '#db2777', '#93c5fd'],
  ['#111827', '#2563eb', '#f472b6'], ['#1c1917', '#ea580c', '#a3e635'], ['#0b1120', '#0891b2', '#fef08a'],
];

function cover(i: number): Promise<Buffer> {
  const [deep, mid, glow] = PALETTES[i % PALETTES.length]!;
  const bars = Array.from({ length: 7 }, (_, k) => `<rect x="${80 + k * 120}" y="${330 - ((k * 53 + i * 37) % 160)}" width="70" height="${210 + ((k * 53 + i * 37) % 160)}" fill="${deep}" opacity="0.55"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`
    + `<stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>`
    + `<rect width="1200" height="675" fill="url(#g)"/><circle cx="${300 + i * 130}" cy="220" r="${90 + (i % 3) * 25}" fill="${glow}" opacity="0.9"/>`
    + `${bars}<path d="M0 560 Q 300 470 600 545 T 1200 520 V 675 H 0 Z" fill="${deep}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Section = 'news' | 'patches' | 'industry' | 'article' | 'video' | 'radio' | 'recommend';

const SECTIONS: { key: Section; en: string; chs: string; category: 'news' | 'article' | 'video' | 'radio' | 'recommend'; parent?: Section; kind?: 'list' | 'gallery' }[] = [
  { key: 'recommend', en: 'Top picks', chs: '推荐', category: 'recommend' },
  { key: 'news', en: 'News', chs: '新闻', category: 'news' },
  { key: 'patches', en: 'Patch notes', chs: '更新公告', category: 'news', parent: 'news' },
  { key: 'industry', en: 'Industry', chs: '行业动态', category: 'news', parent: 'news' },
  { key: 'article', en: 'Features', chs: '专题', category: 'article' },
  { key: 'video', en: 'Videos', chs: '视频', category: 'video', kind: 'gallery' },
  { key: 'radio', en: 'Radio', chs: '电台', category: 'radio', kind: 'gallery' },
];

interface Story { section: Section; title: string; summary: string; body: string[]; games: number; cover: boolean; hoursAgo: number }

const ZH: Story[] = [
  { section: 'recommend', title: '冬季特卖开启：本周最值得入手的十款游戏', summary: '从独立佳作到年度大作，编辑部挑出了这次特卖里折扣最实在的游戏。', hoursAgo: 3, cover: true, games: 3,
    body: ['一年一度的冬季特卖今天正式开始，活动持续两周，大部分游戏会在整个活动期间保持同一价格，不必担心错过“闪促”。', '我们按照折扣力度、口碑和游玩时长挑出了十款游戏，下面是排名前三的作品，文末可以直接加入购物车。', '小提示：特卖期间的激活码均为官方渠道，购买后可在“我的游戏”里随时查看。'] },
  { section: 'patches', title: '《灯火之旅》1.4 版本更新：新增合作模式与存档云同步', summary: '本次更新加入了双人合作、云存档，并修复了四十余个问题。', hoursAgo: 9, cover: true, games: 1,
    body: ['开发团队今天发布了 1.4 版本，最受期待的双人合作模式终于上线。两名玩家可以在同一张地图中分头探索，进度会同步保存。', '云存档现在默认开启。已经购买游戏的玩家无需任何操作，下次启动时会自动上传本地存档。', '此外，本次更新修复了部分显卡在高刷新率下闪烁的问题，并优化了加载速度。'] },
  { section: 'industry', title: '独立游戏开发者大会落幕：三个值得关注的趋势', summary: '小团队、长线运营和手柄优先的设计成为今年讨论最多的话题。', hoursAgo: 20, cover: true, games: 2,
    body: ['为期三天的独立游戏开发者大会昨天落幕，来自二十多个国家的开发者分享了他们的经验。', '第一个趋势是团队越来越小：不少获奖作品由三到五人完成。第二个趋势是长线运营，发售后持续更新内容已经成为常态。', '第三个趋势是“手柄优先”。越来越多的电脑游戏在设计之初就考虑了手柄操作，这也让客厅游玩变得更加自然。'] },
  { section: 'article', title: '专题：十年经典，重温那些改变类型的游戏', summary: '回顾过去十年里重新定义各自类型的作品，以及它们今天还值得一玩的理由。', hoursAgo: 30, cover: true, games: 3,
    body: ['有些游戏在发售时并没有引起太多关注，却在几年后被认为开创了一个类型。', '我们请编辑部的每位成员各选一款，并写下它至今仍然值得一玩的理由。', '你心中的经典是哪一款？欢迎在评论区告诉我们。'] },
  { section: 'news', title: '平台公告：账号安全升级，支持更多登录保护方式', summary: '新增的登录保护会在陌生设备登录时提醒你。', hoursAgo: 50, cover: false, games: 0,
    body: ['为了更好地保护大家的账号与游戏库，我们对登录流程做了升级。', '在新设备上登录时，系统会发送验证码确认身份；连续多次输错密码后会要求完成验证。', '建议大家绑定手机号与邮箱，以便在需要时找回账号。'] },
  { section: 'radio', title: '灯笼电台第 12 期：聊聊今年最让人惊喜的独立游戏', summary: '本期两位主播聊了三款小体量大惊喜的作品。', hoursAgo: 72, cover: false, games: 2,
    body: ['本期电台时长约四十分钟，两位主播聊了今年他们最喜欢的三款独立游戏。', '节目中提到的游戏都可以在下方找到，部分正在特卖中。'] },
];

const EN: Story[] = [
  { section: 'recommend', title: 'Winter Sale is live: ten games worth your money this week', summary: 'From indie gems to the year\'s biggest releases, the games with the deepest real discounts.', hoursAgo: 2, cover: true, games: 3,
    body: ['The Winter Sale starts today and runs for two weeks. Most prices hold for the whole event, so there is no flash deal to miss.', 'We ranked ten games by discount, reviews and hours of play. The top three are below, with a buy button on each.', 'Every key in the sale comes from the publisher, and shows up in your library the moment you pay.'] },
  { section: 'patches', title: 'Lantern Voyage 1.4 adds co-op and cloud saves', summary: 'Two-player co-op, cloud saves on by default, and over forty fixes.', hoursAgo: 8, cover: true, games: 1,
    body: ['Version 1.4 is out, and the most requested feature is finally here: two-player co-op on a shared map, with progress saved for both.', 'Cloud saves are now on by default. If you own the game there is nothing to do: your local save uploads the next time you play.', 'The patch also fixes flicker on some high refresh rate displays and trims loading times.'] },
  { section: 'industry', title: 'Three trends from this year\'s indie developer summit', summary: 'Smaller teams, longer support and controller-first design led the talks.', hoursAgo: 22, cover: true, games: 2,
    body: ['The three-day indie developer summit wrapped up yesterday, with studios from over twenty countries on stage.', 'Teams are getting smaller: several award winners were made by three to five people. And games are supported for longer, with updates for years after launch.', 'Finally, controller-first design is now the default for many PC games, which makes the living room a natural place to play.'] },
  { section: 'article', title: 'Feature: the games that redefined their genres this decade', summary: 'Ten years, ten games that changed what a genre could be, and why they still hold up.', hoursAgo: 28, cover: true, games: 3,
    body: ['Some games arrive quietly and are only later seen as the start of something new.', 'We asked everyone on the editorial team to pick one, and to say why it is still worth playing today.', 'Which one would you pick? Tell us in the comments.'] },
  { section: 'news', title: 'Account security upgrade: more ways to protect your sign-in', summary: 'Sign-ins from a new device now ask you to confirm it is you.', hoursAgo: 48, cover: false, games: 0,
    body: ['To better protect your account and your library, we have upgraded how sign-in works.', 'A sign-in from a new device now asks for a code, and repeated wrong passwords ask for a captcha.', 'Binding both an e-mail address and a phone number makes getting your account back much easier.'] },
  { section: 'radio', title: 'Lantern Radio #12: the indie surprises of the year', summary: 'Two hosts, three small games with big ideas.', hoursAgo: 70, cover: false, games: 2,
    body: ['About forty minutes of the two of us talking about our three favourite indie games of the year.', 'Every game we mention is linked below; some are on sale right now.'] },
];

const ZH_COMMENTS = ['感谢整理，已经加购物车了', '合作模式终于来了！', '这篇专题写得真好', '求问云存档在哪里设置？'];
const EN_COMMENTS = ['Thanks for the list, two of these are in my cart now.', 'Co-op at last!', 'Great feature, brought back memories.', 'Where do I turn cloud saves on?'];
const ZH_REPLIES = ['默认就是开着的', '+1'];
const EN_REPLIES = ['It is on by default now.', '+1'];

/** The site's best-ranked games on sale (the articles' games). */
async function topGames(deps: Deps, area: Area): Promise<number[]> {
  const rows = await deps.db.select({ id: skus.id }).from(skus).innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, area), eq(skus.status, 'sale'), eq(products.kind, 'game'))).orderBy(desc(skus.rank), desc(skus.id)).limit(8);
  return rows.map((r) => r.id);
}

/**
 * Headlines for both sites: the sections, six articles a site in its language (four with drawn covers,
 * stored through uploads as their editor's own), their games, a few comments, replies and likes by the
 * community cast, and one submitted draft a site waiting in staff's queue.
 */
export async function seedHeadlines(deps: Deps): Promise<{ sections: number; headlines: number; comments: number }> {
  const seedDeps: Deps = { ...deps, config: { ...deps.config, COMMUNITY_WRITE_PACE: 'off' } };
  const rng = new Prng(0x4ead11e5);
  const sectionIds = new Map<Section, number>();
  for (const [position, s] of SECTIONS.entries()) {
    const [row] = await deps.db.insert(headlineSections)
      .values({ name: { en: s.en, chs: s.chs }, category: s.category, kind: s.kind ?? 'list', parentId: s.parent ? sectionIds.get(s.parent)! : null, position })
      .returning({ id: headlineSections.id });
    sectionIds.set(s.key, row!.id);
  }
  const staff = await deps.db.select({ id: accounts.id, email: accounts.email, area: accounts.homeArea }).from(accounts)
    .where(inArray(accounts.email, ['editor@lantern.test', 'admin@lantern.test']));
  const cast = await deps.db.select({ id: accounts.id, area: accounts.homeArea }).from(accounts).where(like(accounts.email, '%member%@lantern.test'));
  const now = deps.clock.now().getTime();
  let made = 0;
  let comments = 0;
  let art = 0;
  for (const [area, stories] of [['native', ZH], ['abroad', EN]] as const) {
    const author = staff.find((a) => a.email === (area === 'native' ? 'editor@lantern.test' : 'admin@lantern.test'));
    if (!author) continue;
    const games = await topGames(deps, area);
    const people = cast.filter((c) => c.area === area).map((c) => c.id);
    const [texts, replies] = area === 'native' ? [ZH_COMMENTS, ZH_REPLIES] : [EN_COMMENTS, EN_REPLIES];
    for (const [i, story] of stories.entries()) {
      let coverUrl: string | null = null;
      if (story.cover) {
        const upload = await storeImageFor(deps, author.id, area, await cover(art++));
        coverUrl = (upload.sizes.find((s) => s.name === 'large') ?? upload.sizes[0]!).url;
      }
      const html = sanitizeRichText(story.body.map((p) => `<p>${p}</p>`).join(''));
      const picked = games.slice(i % 3, (i % 3) + story.games);
      const [row] = await deps.db.insert(headlines).values({
        area, sectionId: sectionIds.get(story.section)!, accountId: author.id, title: story.title, summary: story.summary,
        contentHtml: html, coverUrl, items: picked.map((game_id) => ({ area, game_id })), skuId: picked[0] ?? null,
        radio: story.section === 'radio' && people.length >= 2 ? { accountIds: people.slice(0, 2), attachment: null } : null,
        publishedAt: new Date(now - story.hoursAgo * 3_600_000),
      }).returning({ id: headlines.id });
      made += 1;
      if (plainTextOf(html) === '' || people.length < 3) continue;
      for (const fan of rng.shuffle([...people]).slice(0, rng.int(1, Math.min(6, people.length)))) await setLike(seedDeps, fan, area, 'Headline', row!.id, 1);
      for (let c = i < 4 ? rng.int(1, 3) : 0; c > 0; c -= 1) {
        const writer = rng.pick(people);
        const { comment } = await createComment(seedDeps, writer, area, { commentable_type: 'Headline', commentable_id: row!.id, content: rng.pick(texts) });
        comments += 1;
        if (rng.chance(0.5)) {
          await createComment(seedDeps, rng.pick(people.filter((p) => p !== writer)), area, { commentable_type: 'Headline', commentable_id: row!.id, commentary_id: comment.id, content: rng.pick(replies) });
          comments += 1;
        }
      }
    }
    const at = deps.clock.now();
    await deps.db.insert(headlineDrafts).values({
      area, accountId: author.id, sectionId: sectionIds.get('news')!, status: 'submitted', submittedAt: at, createdAt: at, updatedAt: at,
      title: area === 'native' ? '待审核：春季更新预告' : 'Awaiting review: spring update preview',
      contentHtml: area === 'native' ? '<p>春季更新将带来新的地图与角色。</p>' : '<p>The spring update brings a new map and two new heroes.</p>',
    });
  }
  return { sections: SECTIONS.length, headlines: made, comments };
}
