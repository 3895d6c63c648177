import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { communityGroups, groupSkus } from '../modules/community/tables.ts';
import { integralCampaigns } from '../modules/forum/tables.ts';

const DAY_MS = 86_400_000;

/**
 * One points campaign per site (docs/product/community.md#points-participation), on the site's most followed
 * group: running from yesterday for four weeks, 5 points a publishing day for up to 10 days. Seeding again
 * adds none where the site has one.
 */
export async function seedForum(deps: Deps): Promise<{ campaigns: number }> {
  const now = deps.clock.now().getTime();
  let campaigns = 0;
  for (const area of ['native', 'abroad'] as const) {
    const [existing] = await deps.db.select({ id: integralCampaigns.id }).from(integralCampaigns).where(eq(integralCampaigns.area, area)).limit(1);
    if (existing) continue;
    const [group] = await deps.db.select({ id: communityGroups.id }).from(communityGroups)
      .innerJoin(groupSkus, and(eq(groupSkus.groupId, communityGroups.id), eq(groupSkus.area, area)))
      .orderBy(desc(communityGroups.usersCount), desc(communityGroups.postsCount)).limit(1);
    if (!group) continue;
    await deps.db.insert(integralCampaigns).values({
      area, groupId: group.id, title: { chs: '发帖打卡赢积分', en: 'Post daily, earn points' },
      startsAt: new Date(now - DAY_MS), endsAt: new Date(now + 28 * DAY_MS), pointsPerDay: 5, maxDays: 10,
    });
    campaigns += 1;
  }
  return { campaigns };
}
