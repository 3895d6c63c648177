import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { groupModerators, posts } from '../modules/community/tables.ts';
import { discussionComments } from '../modules/discussion/tables.ts';
import { createReport } from '../modules/moderation/index.ts';

/**
 * The demo group moderator (docs/product/community.md#group-moderators): groups@lantern.test, appointed by staff to
 * each site's busiest group (one group per site, so two in all), with reports about them waiting in its queue — a
 * post on each site and a comment — filed through moderation's own service, so each knows its group and place.
 * Its role is a plain user's: what it may do comes from the appointment alone (decisions/0043).
 */
export async function seedGroupModerators(deps: Deps): Promise<{ moderated_groups: number[]; waiting_reports: number }> {
  const seedDeps: Deps = { ...deps, config: { ...deps.config, COMMUNITY_WRITE_PACE: 'off' } };
  const people = await deps.db.select({ id: accounts.id, email: accounts.email }).from(accounts)
    .where(inArray(accounts.email, ['groups@lantern.test', 'staff@lantern.test', 'demo@lantern.test', 'player@lantern.test']));
  const id = (email: string) => people.find((p) => p.email === email)?.id;
  const keeper = id('groups@lantern.test');
  if (keeper === undefined) return { moderated_groups: [], waiting_reports: 0 };
  const reporters: Record<Area, number> = { native: id('demo@lantern.test')!, abroad: id('player@lantern.test')! };

  const busiest = async (area: Area, not: number[]) => {
    const rows = await deps.db.select({ groupId: posts.groupId, n: count() }).from(posts)
      .where(and(eq(posts.area, area), eq(posts.status, 'published'), isNull(posts.deletedAt)))
      .groupBy(posts.groupId).orderBy(desc(count()), posts.groupId).limit(3);
    return rows.find((r) => !not.includes(r.groupId))?.groupId;
  };
  const nativeGroup = await busiest('native', []);
  const abroadGroup = await busiest('abroad', nativeGroup === undefined ? [] : [nativeGroup]);
  const groups = [nativeGroup, abroadGroup].filter((g): g is number => g !== undefined);
  if (groups.length > 0) {
    await deps.db.insert(groupModerators).values(groups.map((groupId) => ({ groupId, accountId: keeper, appointedBy: id('staff@lantern.test') ?? null, createdAt: deps.clock.now() })))
      .onConflictDoNothing();
  }

  let waiting = 0;
  for (const [area, groupId] of [['native', nativeGroup], ['abroad', abroadGroup]] as const) {
    if (groupId === undefined) continue;
    const [post] = await deps.db.select({ id: posts.id }).from(posts)
      .where(and(eq(posts.groupId, groupId), eq(posts.area, area), eq(posts.status, 'published'), eq(posts.type, 'Post'), isNull(posts.deletedAt)))
      .orderBy(desc(posts.publishedAt), desc(posts.id)).limit(1);
    if (!post) continue;
    await createReport(seedDeps, reporters[area], { target_type: 'post', target_id: post.id, reason: 'spam', text: area === 'native' ? '帖子里有广告链接' : 'Looks like an ad for a key reseller' });
    waiting += 1;
    const [comment] = await deps.db.select({ id: discussionComments.id }).from(discussionComments)
      .innerJoin(posts, eq(posts.id, discussionComments.targetId))
      .where(and(eq(discussionComments.targetType, 'Post'), eq(posts.groupId, groupId), eq(discussionComments.state, 'published'), isNull(discussionComments.deletedAt)))
      .orderBy(desc(discussionComments.id)).limit(1);
    if (comment) {
      await createReport(seedDeps, reporters[area], { target_type: 'comment', target_id: comment.id, reason: 'off_topic', text: '' });
      waiting += 1;
    }
  }
  return { moderated_groups: groups, waiting_reports: waiting };
}
