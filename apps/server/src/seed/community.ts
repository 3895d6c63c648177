import { asc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { communityGroups, groupMembers, groupSkus, posts, postTags } from '../modules/community/tables.ts';
import { plainTextOf, recountGroupCounters, sanitizeRichText } from '../modules/community/index.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { Prng } from './prng.ts';
import { seedPostImages } from './community-images.ts';

/**
 * The community's demo data (docs/product/community.md): a group per demo game linked to its SKUs on each
 * site, a cast of community members on both sites, and posts and reviews in Chinese (mainland) and English
 * (international) — short and long, scored and recommending, some pinned, one locked, some featured, some
 * with an official reply. Deterministic. Counters are set by the same recount the periodic job runs.
 */

const CAST_ZH = ['夜行的猫', '云端漫步者', '老王不在家', '像素骑士', '半夜打怪', '一杯清茶', '北境守望', '咸鱼翻身中', '星河旅人', '阿哲打游戏', '小满', '无名剑客', '橘子汽水', '深海潜航员'];
const CAST_EN = ['PixelPilgrim', 'QuietLoadout', 'MarrowAndMoss', 'CozyCritic', 'SaveScummer', 'LateNightLoot', 'BorealBard', 'TwoThumbsUp', 'GlitchHunter', 'Wanderlight', 'RetroRaccoon', 'FrameDropFred', 'InkAndIron', 'SlowBurnGamer'];

const TAGS = [
  { chs: '攻略', en: 'Guides' },
  { chs: '闲聊', en: 'Chat' },
  { chs: '求助', en: 'Help' },
  { chs: '同人', en: 'Fan art' },
  { chs: '资讯', en: 'News' },
];

type Lang = 'zh' | 'en';
const pick = <T>(rng: Prng, items: readonly T[]) => rng.pick(items);

function shuffled<T>(rng: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const TEXT = {
  zh: {
    good: ['画面和音乐都很用心，通关后还想再来一遍。', '战斗手感扎实，每个boss都有自己的套路。', '剧情出乎意料地动人，结尾让我愣了好一会儿。', '地图设计很巧妙，探索的奖励给得很足。', '优化不错，老笔记本也能稳定六十帧。', '联机和朋友一起玩非常欢乐。'],
    mixed: ['前期节奏有点慢，过了第三章才真正好玩起来。', '内容不少，但重复的支线任务有点多。', '玩法有意思，可惜中文翻译有几处别扭。', '难度曲线不太平滑，中期卡了很久。'],
    bad: ['闪退太频繁了，存档还丢过一次。', '售价偏高，内容撑不起这个价格。', '操作手感僵硬，键位还不能自定义。', '后期几乎全是刷刷刷，坚持不下去了。'],
    close: ['推荐给喜欢这类游戏的朋友。', '打折的时候入手很值。', '期待后续更新。', '总体来说还是值得一试。', '等修好了再来改评价。'],
    questions: ['有人知道第二个隐藏结局怎么触发吗？', '这游戏手柄玩还是键鼠玩舒服？', '新手开局该先升级哪个技能？', '最近更新之后大家还卡顿吗？', '有没有一起联机的，晚上九点以后在线。', '终于全成就了，纪念一下！', '求推荐和这个类似的游戏。'],
    guideTitles: ['新手入门全攻略', '全收集路线整理', 'boss打法心得', '隐藏要素一览', '速通路线笔记', '配置与画质设置建议'],
    guideHeads: ['开局准备', '前期路线', '中期要点', '常见误区', '最后的建议'],
    guideLines: ['先把主线推进到第一个据点，解锁传送之后效率高很多。', '资源不要急着花，后面有更好的兑换选项。', '遇到打不过的敌人可以先绕开，回头再来。', '多和路边的角色对话，很多支线就藏在闲聊里。', '记得经常手动存档，自动存档的间隔比较长。', '画质设置里把动态模糊关掉，眼睛会舒服很多。', '商人每周刷新一次货物，稀有材料记得定期去看看。', '闪避比格挡更可靠，尤其是面对多个敌人的时候。', '支线奖励的饰品很关键，别只顾着推主线。', '夜晚出现的敌人掉落更好，但也更危险。', '地图上的问号先别急着全清，跟着主线会自然解锁。', '组队时分工明确，一个人专门负责治疗会轻松很多。'],
    official: ['感谢反馈！该问题已在最新补丁中修复。', '官方已记录这个建议，会转达给开发团队。', '感谢分享这么详细的攻略，已设为精华。'],
  },
  en: {
    good: ['The art and music are clearly made with love; I started a second run right after the credits.', 'Combat feels weighty and every boss has its own tricks.', 'The story hit harder than I expected — that ending stayed with me.', 'Clever level design, and exploring is always rewarded.', 'Runs at a steady 60 fps even on my old laptop.', 'Co-op with friends is an absolute blast.'],
    mixed: ['The first few hours drag; it only clicks after chapter three.', 'Plenty of content, but too many repetitive side quests.', 'Fun ideas, though the translation is rough in places.', 'The difficulty curve is uneven; I was stuck mid-game for ages.'],
    bad: ['Crashes far too often, and I lost a save once.', 'Too expensive for how much game is here.', 'Controls feel stiff and you cannot rebind keys.', 'The late game is a pure grind; I gave up.'],
    close: ['Recommended if you like the genre.', 'Great value on sale.', 'Looking forward to the next update.', 'Worth a try overall.', 'Will revisit once the patches land.'],
    questions: ['Anyone know how to trigger the second hidden ending?', 'Controller or mouse and keyboard — which feels better?', 'Which skill should a new player level first?', 'Still stuttering for anyone after the latest patch?', 'Looking for co-op partners, evenings EU time.', 'Finally got every achievement!', 'Recommend me something similar?'],
    guideTitles: ['Beginner’s guide', 'Full collectibles route', 'Boss strategies', 'Every hidden secret', 'Speedrun routing notes', 'Settings for smooth performance'],
    guideHeads: ['Getting ready', 'Early game', 'Mid game', 'Common mistakes', 'Final advice'],
    guideLines: ['Push the main quest to the first hub; fast travel makes everything quicker.', 'Do not spend resources early — better trades open up later.', 'Skip enemies you cannot beat yet and come back stronger.', 'Talk to everyone: many side quests hide in small talk.', 'Save manually often; autosaves are far apart.', 'Turn motion blur off in the graphics settings — your eyes will thank you.', 'The merchant restocks weekly; check back for rare materials.', 'Dodging beats blocking, especially against groups.', 'Side-quest trinkets matter more than they look — do not rush the main story.', 'Night spawns drop better loot but hit much harder.', 'Leave the question marks on the map for now; the story unlocks most of them.', 'In co-op, give one player the healer role and everything gets easier.'],
    official: ['Thanks for the report! This is fixed in the latest patch.', 'We have passed this suggestion on to the developers.', 'Thanks for such a thorough guide — featured!'],
  },
} as const;

function reviewHtml(rng: Prng, lang: Lang, score: number, long: boolean): string {
  const t = TEXT[lang];
  const pool = score >= 4 ? t.good : score === 3 ? t.mixed : t.bad;
  // Distinct lines: a review never says the same sentence twice.
  const lines = shuffled(rng, pool).slice(0, long ? 2 : rng.int(1, 2));
  if (long) return `<h2>${lang === 'zh' ? '优点' : 'What works'}</h2><p>${lines.join(' ')}</p><h2>${lang === 'zh' ? '不足' : 'What does not'}</h2><p>${pick(rng, t.mixed)}</p><p><strong>${pick(rng, t.close)}</strong></p>`;
  return `<p>${lines.join(lang === 'zh' ? '' : ' ')} ${pick(rng, t.close)}</p>`;
}

function guideHtml(rng: Prng, lang: Lang): string {
  const t = TEXT[lang];
  // Two lines a section, every line of the guide a different one (twelve lines, at most five sections).
  const lines = shuffled(rng, t.guideLines);
  return t.guideHeads.slice(0, rng.int(3, 5)).map((h, i) => `<h3>${h}</h3><ul><li>${lines[2 * i]}</li><li>${lines[2 * i + 1]}</li></ul>`).join('') + `<blockquote>${pick(rng, t.close)}</blockquote>`;
}

async function insertCast(deps: Deps, db: DbOrTx): Promise<{ zh: number[]; en: number[] }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = [...CAST_ZH.map((nickname, i) => ({ nickname, email: `cn.member${i + 1}@lantern.test`, homeArea: 'native' as const, region: 'cn' })), ...CAST_EN.map((nickname, i) => ({ nickname, email: `member${i + 1}@lantern.test`, homeArea: 'abroad' as const, region: 'global' }))];
  const inserted = await db.insert(accounts).values(rows.map((r) => ({ ...r, passwordHash }))).returning({ id: accounts.id, homeArea: accounts.homeArea });
  void deps;
  return { zh: inserted.filter((r) => r.homeArea === 'native').map((r) => r.id), en: inserted.filter((r) => r.homeArea === 'abroad').map((r) => r.id) };
}

export async function seedCommunity(deps: Deps) {
  const rng = new Prng(0xc0ffee12);
  const now = deps.clock.now().getTime();
  const result = await deps.db.transaction(async (tx) => {
    const cast = await insertCast(deps, tx);
    const staff = await tx.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, ['staff@lantern.test', 'groups@lantern.test']));
    const staffId = staff.find((s) => s.email === 'staff@lantern.test')?.id ?? null;
    const tagRows = await tx.insert(postTags).values(TAGS.map((name, i) => ({ name, position: i }))).returning({ id: postTags.id });
    const games = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.kind, 'game')).orderBy(asc(products.id));
    const skuRows = await tx.select({ id: skus.id, productId: skus.productId, area: skus.area, rank: skus.rank }).from(skus).where(inArray(skus.productId, games.map((g) => g.id))).orderBy(asc(skus.id));
    const groups = await tx.insert(communityGroups).values(games.map((g) => ({
      productId: g.id, name: g.name, summary: { chs: `${g.name.chs}的玩家社区：评测、攻略与闲聊。`, en: `The ${g.name.en} community: reviews, guides and chat.` }, createdAt: new Date(now - 200 * 86_400_000),
    }))).returning({ id: communityGroups.id, productId: communityGroups.productId });
    const groupOf = new Map(groups.map((g) => [g.productId, g.id]));
    await tx.insert(groupSkus).values(skuRows.map((s) => ({ groupId: groupOf.get(s.productId)!, skuId: s.id, area: s.area })));
    const skuOf = (productId: number, area: 'native' | 'abroad') => skuRows.find((s) => s.productId === productId && s.area === area)?.id ?? null;

    type PostInsert = typeof posts.$inferInsert;
    const drafts: PostInsert[] = [];
    const members: Array<typeof groupMembers.$inferInsert> = [];
    let locked = false;
    games.forEach((game, index) => {
      const groupId = groupOf.get(game.id)!;
      // The first games are the busy ones; later ones get a few reviews each.
      const busy = index < 24;
      for (const lang of ['zh', 'en'] as const) {
        const area = lang === 'zh' ? 'native' as const : 'abroad' as const;
        const people = lang === 'zh' ? cast.zh : cast.en;
        const skuId = skuOf(game.id, area);
        const reviewers = shuffled(rng, people).slice(0, busy ? rng.int(5, people.length) : rng.int(0, 3));
        for (const accountId of reviewers) {
          const score = rng.weighted([[5, 5], [4, 5], [3, 2], [2, 1], [1, 1]] as const);
          const long = rng.chance(0.2);
          const scored = rng.chance(0.75);
          const at = now - rng.int(1, 180) * 86_400_000 - rng.int(0, 86_399) * 1000;
          const html = sanitizeRichText(reviewHtml(rng, lang, score, long));
          const title = long ? `${game.name[lang === 'zh' ? 'chs' : 'en']}${lang === 'zh' ? '：' : ': '}${score >= 4 ? (lang === 'zh' ? '值得一玩' : 'well worth it') : lang === 'zh' ? '有遗憾' : 'mixed feelings'}` : '';
          drafts.push({ groupId, accountId, type: 'Review', status: 'published', isLong: long, area, skuId, title, contentHtml: html, plainText: plainTextOf(html), searchText: `${title} ${plainTextOf(html)}`.toLowerCase(), score: scored ? score : null, recommend: scored ? null : score >= 4, playtimeSeconds: rng.int(1, 300) * 1800, boughtHere: rng.chance(0.6), createdAt: new Date(at), updatedAt: new Date(at), publishedAt: new Date(at) });
        }
        const postCount = busy ? rng.int(3, 8) : rng.int(0, 1);
        for (let i = 0; i < postCount; i++) {
          const long = rng.chance(0.35);
          const at = now - rng.int(0, 120) * 86_400_000 - rng.int(0, 86_399) * 1000;
          const html = sanitizeRichText(long ? guideHtml(rng, lang) : `<p>${pick(rng, TEXT[lang].questions)}</p>`);
          const title = long ? `${game.name[lang === 'zh' ? 'chs' : 'en']} ${pick(rng, TEXT[lang].guideTitles)}` : '';
          const sticky = long && i === 0 && busy ? rng.int(1, 3) : 0;
          const official = staffId !== null && rng.chance(0.08) ? sanitizeRichText(`<p>${pick(rng, TEXT[lang].official)}</p>`) : null;
          const lockThis = !locked && !long && busy;
          locked ||= lockThis;
          drafts.push({
            groupId, accountId: pick(rng, people), type: 'Post', status: 'published', isLong: long, area, skuId, title, contentHtml: html, plainText: plainTextOf(html), searchText: `${title} ${plainTextOf(html)}`.toLowerCase(),
            tagId: long ? tagRows[0]!.id : pick(rng, tagRows).id, stickySequence: sticky, featured: long && rng.chance(0.3), locked: lockThis,
            officialCommentHtml: official, officialCommentAuthorId: official ? staffId : null,
            createdAt: new Date(at), updatedAt: new Date(at), publishedAt: new Date(at),
          });
        }
        for (const accountId of people) if (busy ? rng.chance(0.7) : rng.chance(0.15)) members.push({ groupId, accountId, createdAt: new Date(now - rng.int(1, 200) * 86_400_000) });
      }
    });
    for (let i = 0; i < drafts.length; i += 500) await tx.insert(posts).values(drafts.slice(i, i + 500));
    for (let i = 0; i < members.length; i += 1000) await tx.insert(groupMembers).values(members.slice(i, i + 1000));
    return { groups: groups.length, posts: drafts.filter((d) => d.type === 'Post').length, reviews: drafts.filter((d) => d.type === 'Review').length, members: members.length };
  });
  await recountGroupCounters(deps);
  return { ...result, ...(await seedPostImages(deps)) };
}
