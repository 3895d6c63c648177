import { count, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findGroup } from '../community/index.ts';
import { integralCampaigns } from './tables.ts';

type CampaignRow = typeof integralCampaigns.$inferSelect;

const present = (c: CampaignRow) => ({
  id: c.id, area: c.area, group_id: c.groupId, title: c.title,
  starts_at_timestamp: toTimestamp(c.startsAt), ends_at_timestamp: toTimestamp(c.endsAt),
  points_per_day: c.pointsPerDay, max_days: c.maxDays,
});

export interface NewCampaign {
  area: 'native' | 'abroad';
  group_id: number;
  title: { chs: string; en: string };
  starts_at_timestamp: number;
  ends_at_timestamp: number;
  points_per_day: number;
  max_days: number;
}

/** POST /api/admin/integral_campaigns: a group's points campaign on one site; the window must end after it starts. */
export async function createCampaign(deps: Deps, input: NewCampaign) {
  if (input.ends_at_timestamp <= input.starts_at_timestamp) throw fail.unprocessable('ends_at_timestamp', 'invalid');
  await findGroup(deps, input.group_id).catch(() => {
    throw fail.unprocessable('group_id', 'not_found');
  });
  const [row] = await deps.db.insert(integralCampaigns).values({
    area: input.area, groupId: input.group_id, title: input.title,
    startsAt: new Date(input.starts_at_timestamp * 1000), endsAt: new Date(input.ends_at_timestamp * 1000),
    pointsPerDay: input.points_per_day, maxDays: input.max_days,
  }).returning();
  return present(row!);
}

/** GET /api/admin/integral_campaigns: newest first, optionally one group's. */
export async function listCampaigns(deps: Deps, q: { page: number; per: number; group_id?: number }) {
  const where = q.group_id === undefined ? undefined : eq(integralCampaigns.groupId, q.group_id);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(integralCampaigns).where(where).orderBy(desc(integralCampaigns.startsAt), desc(integralCampaigns.id)).limit(q.per).offset((q.page - 1) * q.per),
    deps.db.select({ n: count() }).from(integralCampaigns).where(where),
  ]);
  return { integral_campaigns: rows.map(present), meta: { total_count: total?.n ?? 0, page: q.page, per: q.per } };
}
