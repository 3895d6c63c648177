import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { posts } from '../modules/community/tables.ts';
import { createComment, setLike } from '../modules/discussion/index.ts';
import { Prng } from './prng.ts';

const ZH_COMMENTS = ['好攻略，收藏了', '第三段很有用，谢谢分享', '同感，后期确实有点重复', '求问手柄怎么改键？', '楼主说得对，存档一定要勤', '这个评价很中肯'];
const EN_COMMENTS = ['Great write-up, saved it.', 'The third tip saved my run, thanks!', 'Same here, the late game drags a bit.', 'How do you remap the controller?', 'Manual saves, always. Learned that the hard way.', 'Fair review.'];
const ZH_REPLIES = ['设置里就能改', '+1', '我也是这么觉得'];
const EN_REPLIES = ['Settings → Controls, bottom of the list.', '+1', 'Agreed.'];

/**
 * Comments, replies and likes on the newest demo posts, written by the community cast through the discussion
 * module's own services, so counters are kept exactly as for real users. The write pace is off for the seed
 * alone: it writes weeks of talk in a moment (moderation's other checks still run).
 */
export async function seedDiscussion(deps: Deps): Promise<{ comments: number; likes: number }> {
  const seedDeps: Deps = { ...deps, config: { ...deps.config, COMMUNITY_WRITE_PACE: 'off' } };
  const rng = new Prng(0x7a1c0de5);
  const cast = await deps.db.select({ id: accounts.id, area: accounts.homeArea }).from(accounts).where(like(accounts.email, '%member%@lantern.test'));
  let comments = 0;
  let likes = 0;
  for (const area of ['native', 'abroad'] as const) {
    const people = cast.filter((c) => c.area === area).map((c) => c.id);
    if (people.length < 3) continue;
    const recent = await deps.db.select({ id: posts.id }).from(posts)
      .where(and(eq(posts.area, area), eq(posts.status, 'published'), isNull(posts.deletedAt))).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(24);
    const [texts, replies] = area === 'native' ? [ZH_COMMENTS, ZH_REPLIES] : [EN_COMMENTS, EN_REPLIES];
    for (const post of recent) {
      const fans = rng.shuffle([...people]).slice(0, rng.int(1, Math.min(8, people.length)));
      for (const fan of fans) {
        await setLike(seedDeps, fan, area, 'Post', post.id, rng.chance(0.85) ? 1 : 2);
        likes += 1;
      }
      for (let i = rng.int(0, 3); i > 0; i -= 1) {
        const writer = rng.pick(people);
        const { comment } = await createComment(seedDeps, writer, area, { commentable_type: 'Post', commentable_id: post.id, content: rng.pick(texts) });
        comments += 1;
        if (rng.chance(0.4)) {
          await createComment(seedDeps, rng.pick(people.filter((p) => p !== writer)), area, { commentable_type: 'Post', commentable_id: post.id, commentary_id: comment.id, content: rng.pick(replies) });
          comments += 1;
        }
      }
    }
  }
  return { comments, likes };
}
