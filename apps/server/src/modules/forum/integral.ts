import { and, asc, eq } from 'drizzle-orm';
import { clockInDay, integralDaysDue, integralJoinRefusal, integralStatus, SITES, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { awardScore } from '../accounts/index.ts';
import { publishedTimesOf } from '../community/index.ts';
import { integralAwards, integralCampaigns, integralParticipants } from './tables.ts';

type Campaign = typeof integralCampaigns.$inferSelect;

/** The point record's reason of a rewarded day (the web's points history names it). */
export const INTEGRAL_POINTS_REASON = 'forum_integral';

const sec = (d: Date) => Math.floor(d.getTime() / 1000);
const statusOf = (c: Campaign, now: Date) => integralStatus(sec(now), sec(c.startsAt), sec(c.endsAt));

/**
 * The campaign a call names: by id (of this site), or the group's — the running one, else the next to start,
 * else the latest ended. None: 404.
 */
export async function findCampaign(deps: Deps, area: Area, q: { campaignId?: number; groupId?: number }): Promise<Campaign> {
  if (q.campaignId !== undefined) {
    const [row] = await deps.db.select().from(integralCampaigns).where(and(eq(integralCampaigns.id, q.campaignId), eq(integralCampaigns.area, area))).limit(1);
    if (!row) throw fail.notFound('campaignId');
    return row;
  }
  if (q.groupId === undefined) throw fail.unprocessable('groupId', 'blank');
  const rows = await deps.db.select().from(integralCampaigns)
    .where(and(eq(integralCampaigns.groupId, q.groupId), eq(integralCampaigns.area, area))).orderBy(asc(integralCampaigns.startsAt)).limit(50);
  const now = deps.clock.now();
  const pick = rows.find((c) => statusOf(c, now) === 'running') ?? rows.find((c) => statusOf(c, now) === 'upcoming') ?? rows.at(-1);
  if (!pick) throw fail.notFound('groupId');
  return pick;
}

/**
 * Rewards the member's publishing days not yet rewarded (docs/product/community.md#points-participation). The
 * participant row is locked FOR UPDATE first, so concurrent settlements of one member run one after another;
 * each day is inserted with its key (campaign, account, day) and paid with `awardScore` in the same
 * transaction only when the insert took: under any burst, a day is paid exactly once and the cap holds.
 */
/** Posts read per page while looking for publishing days. */
const POSTS_PAGE = 500;

/**
 * The first post of each site-calendar day on which the member published in the group, from joining (or the
 * start) to the end, oldest first: read page by page, so a member who published hundreds of times a day still
 * has every day found. It stops at twice the campaign's days: at most that many are paid already, so at least
 * as many as remain to pay are among them.
 */
async function firstPostOfEachDay(deps: Deps, campaign: Campaign, accountId: number, joinedAt: Date, timeZone: string) {
  const firsts = new Map<string, { id: number; publishedAt: Date }>();
  let from = joinedAt > campaign.startsAt ? joinedAt : campaign.startsAt;
  for (;;) {
    const rows = await publishedTimesOf(deps, accountId, campaign.groupId, from, campaign.endsAt, POSTS_PAGE);
    for (const r of rows) {
      const day = clockInDay(sec(r.publishedAt), timeZone);
      if (!firsts.has(day)) firsts.set(day, r);
    }
    if (rows.length < POSTS_PAGE || firsts.size >= 2 * campaign.maxDays) break;
    // Past the page's last instant: a post sharing it is of a day already found.
    from = new Date(rows.at(-1)!.publishedAt.getTime() + 1);
  }
  return [...firsts.values()];
}

async function settle(deps: Deps, campaign: Campaign, accountId: number): Promise<number> {
  const timeZone = SITES[campaign.area].timeZone;
  const memberOf = and(eq(integralParticipants.campaignId, campaign.id), eq(integralParticipants.accountId, accountId));
  const [joined] = await deps.db.select().from(integralParticipants).where(memberOf);
  if (!joined) return 0;
  // The community's posts are read through its service, before the transaction (its own connection).
  const published = await firstPostOfEachDay(deps, campaign, accountId, joined.joinedAt, timeZone);
  if (published.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const [member] = await tx.select().from(integralParticipants).where(memberOf).for('update');
    if (!member) return 0;
    const awarded = await tx.select({ day: integralAwards.day }).from(integralAwards).where(and(eq(integralAwards.campaignId, campaign.id), eq(integralAwards.accountId, accountId)));
    const due = integralDaysDue({
      publishedAtSecs: published.map((p) => sec(p.publishedAt)),
      joinedAtSec: sec(member.joinedAt), startsAtSec: sec(campaign.startsAt), endsAtSec: sec(campaign.endsAt),
      awardedDays: awarded.map((a) => a.day), maxDays: campaign.maxDays, timeZone,
    }, clockInDay);
    let paid = 0;
    for (const day of due) {
      const post = published.find((p) => clockInDay(sec(p.publishedAt), timeZone) === day)!;
      const inserted = await tx.insert(integralAwards)
        .values({ campaignId: campaign.id, accountId, day, postId: post.id, points: campaign.pointsPerDay, awardedAt: deps.clock.now() })
        .onConflictDoNothing().returning({ day: integralAwards.day });
      if (inserted.length === 0) continue;
      await awardScore(tx, accountId, campaign.pointsPerDay, INTEGRAL_POINTS_REASON, { type: 'forum_integral_campaign', id: campaign.id });
      paid += 1;
    }
    return paid;
  });
}

async function present(deps: Deps, campaign: Campaign, accountId: number | null, newlyAwarded: number) {
  const [member, awards] = accountId === null ? [[], []] : await Promise.all([
    deps.db.select().from(integralParticipants).where(and(eq(integralParticipants.campaignId, campaign.id), eq(integralParticipants.accountId, accountId))),
    deps.db.select({ day: integralAwards.day, points: integralAwards.points }).from(integralAwards)
      .where(and(eq(integralAwards.campaignId, campaign.id), eq(integralAwards.accountId, accountId))).orderBy(asc(integralAwards.day)),
  ]);
  return {
    campaignId: campaign.id,
    groupId: campaign.groupId,
    title: campaign.title,
    status: statusOf(campaign, deps.clock.now()),
    startsAtTimestamp: toTimestamp(campaign.startsAt),
    endsAtTimestamp: toTimestamp(campaign.endsAt),
    pointsPerDay: campaign.pointsPerDay,
    maxDays: campaign.maxDays,
    joined: member.length > 0,
    joinedAtTimestamp: member[0] ? toTimestamp(member[0].joinedAt) : null,
    awardedDays: awards.map((a) => a.day),
    pointsEarned: awards.reduce((sum, a) => sum + a.points, 0),
    newlyAwarded,
  };
}

/** GET /forum/integral/participation: the campaign and, for a member, their days — settled first. */
export async function participation(deps: Deps, area: Area, accountId: number | null, q: { campaignId?: number; groupId?: number }) {
  const campaign = await findCampaign(deps, area, q);
  const paid = accountId === null ? 0 : await settle(deps, campaign, accountId);
  return present(deps, campaign, accountId, paid);
}

/**
 * GET (and POST) /forum/integral/join: joins the running campaign (joining again changes nothing); before it
 * starts 400 `not_in_period`, after it ends 400 `already_end`. Only what is published after joining counts.
 */
export async function joinCampaign(deps: Deps, area: Area, accountId: number, q: { campaignId?: number; groupId?: number }) {
  const campaign = await findCampaign(deps, area, q);
  const refusal = integralJoinRefusal(statusOf(campaign, deps.clock.now()));
  if (refusal) throw new AppError(400, { campaignId: [refusal] });
  await deps.db.insert(integralParticipants).values({ campaignId: campaign.id, accountId, joinedAt: deps.clock.now() }).onConflictDoNothing();
  return present(deps, campaign, accountId, await settle(deps, campaign, accountId));
}

