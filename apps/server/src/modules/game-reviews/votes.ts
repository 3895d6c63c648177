import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { offerStatus, resolveRegion, voteRefusal, votePercentages, type Area } from '@lantern/domain';
import type { VoteInfo } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { voteActivities, voteOptions, votes } from './tables.ts';

type ActivityRow = typeof voteActivities.$inferSelect;

const windowOf = (row: ActivityRow) => ({ from_timestamp: toTimestamp(row.fromAt), to_timestamp: toTimestamp(row.toAt) });

/** Options with their counts (counted from the votes, exact), percentages adding up to 100, and the account's choice. */
export async function presentVote(db: DbOrTx, row: ActivityRow, accountId: number | null, area: Area, now: Date): Promise<VoteInfo> {
  const [options, counts, mine] = await Promise.all([
    db.select().from(voteOptions).where(eq(voteOptions.activityId, row.id)).orderBy(asc(voteOptions.position)),
    db.select({ optionId: votes.optionId, n: count() }).from(votes).where(eq(votes.activityId, row.id)).groupBy(votes.optionId),
    accountId === null ? Promise.resolve([]) : db.select({ optionId: votes.optionId }).from(votes).where(and(eq(votes.activityId, row.id), eq(votes.accountId, accountId))).limit(1),
  ]);
  const byOption = new Map(counts.map((c) => [c.optionId, c.n]));
  const numbers = options.map((o) => byOption.get(o.id) ?? 0);
  const percents = votePercentages(numbers);
  const lang = area === 'native' ? 'chs' : 'en';
  return {
    id: row.id,
    skuId: row.skuId,
    area: row.area,
    title: row.title[lang],
    status: offerStatus(windowOf(row), toTimestamp(now)),
    startTimestamp: toTimestamp(row.fromAt),
    endTimestamp: toTimestamp(row.toAt),
    options: options.map((o, i) => ({ id: o.id, label: o.label[lang], count: numbers[i]!, percent: percents[i]! })),
    totalCount: numbers.reduce((a, b) => a + b, 0),
    myOptionId: mine[0]?.optionId ?? null,
  };
}

function regionSql(region: string) {
  return or(isNull(voteActivities.region), sql`lower(btrim(${voteActivities.region})) = ${region}`);
}

/**
 * GET /support/vote/activity/client/info: the SKU's vote on this site and region — the one open now, else
 * the latest of those not closed by staff — or null. Guests see the counts; the signed-in also their choice.
 */
export async function voteInfoOf(deps: Deps, site: Area, accountId: number | null, query: { skuId: number; area?: Area; region: string }): Promise<VoteInfo | null> {
  if (query.area !== undefined && query.area !== site) return null;
  const now = deps.clock.now();
  const rows = await deps.db.select().from(voteActivities)
    .where(and(eq(voteActivities.skuId, query.skuId), eq(voteActivities.area, site), eq(voteActivities.closed, false), regionSql(resolveRegion(query.region))))
    .orderBy(desc(voteActivities.fromAt), desc(voteActivities.id)).limit(20);
  const nowSec = toTimestamp(now);
  const row = rows.find((r) => offerStatus(windowOf(r), nowSec) === 'current') ?? rows[0];
  return row ? presentVote(deps.db, row, accountId, site, now) : null;
}

/**
 * POST /support/vote/activity/client/vote: one vote per account and activity (docs/product/community.md#votes).
 * The window is checked first (`voteRefusal`), then the vote is inserted; the unique key on (activity,
 * account) decides between concurrent votes of one account — the loser finds the row and is told `taken`.
 */
export async function castVote(deps: Deps, site: Area, region: string, accountId: number, activityId: number, optionId: number): Promise<VoteInfo> {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(voteActivities)
    .where(and(eq(voteActivities.id, activityId), eq(voteActivities.area, site), regionSql(resolveRegion(region)))).limit(1);
  if (!row) throw fail.notFound('activityId');
  const [option] = await deps.db.select({ id: voteOptions.id }).from(voteOptions).where(and(eq(voteOptions.id, optionId), eq(voteOptions.activityId, row.id))).limit(1);
  if (!option) throw fail.unprocessable('optionId', 'invalid');
  const refusal = voteRefusal({ ...windowOf(row), closed: row.closed, voted: false }, toTimestamp(now));
  if (refusal) throw new AppError(400, { activityId: [refusal] });
  const inserted = await deps.db.insert(votes).values({ activityId: row.id, optionId, accountId, createdAt: now }).onConflictDoNothing().returning({ id: votes.id });
  if (inserted.length === 0) throw new AppError(400, { activityId: ['taken'] });
  return presentVote(deps.db, row, accountId, site, now);
}
