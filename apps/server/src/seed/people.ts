import { and, desc, eq, inArray, isNull, like } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { posts } from '../modules/community/tables.ts';
import { createComment } from '../modules/discussion/index.ts';
import { follow } from '../modules/people/follows.ts';
import { block } from '../modules/people/blocks.ts';
import { createTalk, forwardTalk } from '../modules/talks/writes.ts';
import { collect } from '../modules/collections/collections.ts';
import { Prng } from './prng.ts';

const ZH_TALKS = [
  '今晚通关了，最后一战打了三个小时，值了。', '求推荐一款适合周末和朋友联机的游戏！', '夏促清单已经列好了，钱包在发抖。',
  '新手柄到了，按键手感比想象中好。', '终于把白金拿到了，截图留念。', '这张地图的配乐太好听了，单曲循环中。',
];
const EN_TALKS = [
  'Finally beat the last boss. Three hours, worth every minute.', 'Looking for a co-op game for the weekend, any picks?',
  'Wishlist is ready for the summer sale. My wallet is nervous.', 'New controller arrived and the triggers feel great.',
  'Got the platinum at last. Screenshot for posterity.', 'The soundtrack on this map is on repeat all day.',
];
const ZH_COMMENTS = ['恭喜！', '我也想试试', '同感'];
const EN_COMMENTS = ['Congrats!', 'Adding it to my list.', 'Same here.'];

/**
 * Follows, talks (with forwards and comments), a block on each site and a few collections
 * (docs/product/people.md), written through the modules' own services so every rule and count holds. The demo
 * accounts (demo@ on the mainland, player@ on the international site) follow members of their site, and each
 * has blocked one member, whose talks and comments they do not see.
 */
export async function seedPeople(deps: Deps): Promise<{ follows: number; talks: number; blocks: number; collections: number }> {
  const seedDeps: Deps = { ...deps, config: { ...deps.config, COMMUNITY_WRITE_PACE: 'off' } };
  const rng = new Prng(0x9e0b1e5);
  const cast = await deps.db.select({ id: accounts.id, area: accounts.homeArea }).from(accounts).where(like(accounts.email, '%member%@lantern.test')).orderBy(accounts.id);
  const demos = await deps.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
  const totals = { follows: 0, talks: 0, blocks: 0, collections: 0 };
  const sites = (['native', 'abroad'] as const).flatMap((area) => {
    const people = cast.filter((c) => c.area === area).map((c) => c.id);
    const demo = demos.find((d) => d.email === (area === 'native' ? 'demo@lantern.test' : 'player@lantern.test'))?.id;
    if (people.length < 4 || demo === undefined) return [];
    const [texts, comments] = area === 'native' ? [ZH_TALKS, ZH_COMMENTS] : [EN_TALKS, EN_COMMENTS];
    return [{ area, people, demo, texts, comments, written: [] as number[] }];
  });
  for (const { people, demo } of sites) {
    // The demo account follows most of its site's members; members follow a few of each other.
    for (const member of people.slice(0, -1)) {
      await follow(seedDeps, demo, member);
      totals.follows += 1;
    }
    for (const member of people) {
      for (const other of rng.shuffle(people.filter((p) => p !== member)).slice(0, 2)) {
        await follow(seedDeps, member, other);
        totals.follows += 1;
      }
    }
  }
  // Talks, each in its writer's site's language, written by turns across the two sites: everyone's list (shared
  // by both sites, newest first) opens with talks in Chinese and in English on either site, not one site's all.
  const writers = sites.map((site) => [...site.people, site.demo]);
  for (let i = 0; i < Math.max(0, ...writers.map((w) => w.length)); i += 1) {
    for (const [k, site] of sites.entries()) {
      const member = writers[k]![i];
      if (member === undefined) continue;
      const { talk } = await createTalk(seedDeps, member, site.area, { content: `<p>${site.texts[i % site.texts.length]}</p>` });
      site.written.push(talk.id);
      totals.talks += 1;
    }
  }
  for (const { area, people, demo, comments, written } of sites) {
    // A forward or two, and comments.
    for (const talkId of written.slice(0, 2)) {
      await forwardTalk(seedDeps, rng.pick(people.slice(2)), area, talkId, '');
      totals.talks += 1;
    }
    for (const talkId of written.slice(0, 4)) {
      await createComment(seedDeps, rng.pick(people), area, { commentable_type: 'Talk', commentable_id: talkId, content: rng.pick(comments) });
    }
    // Each demo account has blocked the last member of its site: their talks and comments are hidden from it.
    await block(seedDeps, demo, people[people.length - 1]!);
    totals.blocks += 1;
    // And collected two of its site's newest posts.
    const newest = await deps.db.select({ id: posts.id }).from(posts)
      .where(and(eq(posts.area, area), eq(posts.status, 'published'), isNull(posts.deletedAt))).orderBy(desc(posts.id)).limit(2);
    for (const post of newest) {
      await collect(seedDeps, demo, 'Post', post.id);
      totals.collections += 1;
    }
  }
  return totals;
}
