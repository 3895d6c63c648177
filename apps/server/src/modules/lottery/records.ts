import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { LotteryRecord } from '@lantern/contract';
import { readsOn, type DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { publicAccountsByIds, type PublicAccount } from '../accounts/index.ts';
import { findActivity, type PrizeRow } from './activities.ts';
import { lotteryActivities, lotteryDraws, lotteryPrizes, type DrawRow } from './tables.ts';

/**
 * Draw records with the prize and the account's public face (avatar and nickname). `own` records are the
 * viewer's: they carry a goods prize's claim (its address); others' never do.
 */
export async function presentRecords(db: DbOrTx, rows: readonly DrawRow[], own: boolean): Promise<LotteryRecord[]> {
  if (rows.length === 0) return [];
  // A draw presents its record inside its transaction: the reads go in turn there, together on the pool.
  const [prizes, people] = await readsOn(db, [
    () => db.select({ id: lotteryPrizes.id, kind: lotteryPrizes.kind, title: lotteryPrizes.title }).from(lotteryPrizes).where(inArray(lotteryPrizes.id, [...new Set(rows.map((r) => r.prizeId))])),
    () => publicAccountsByIds(db, rows.map((r) => r.accountId)),
  ]);
  return recordsOf(rows, own, prizes, people);
}

/**
 * `presentRecords` from prizes and accounts already read: a group's draw reads them before it locks the prizes,
 * so its locked section sends no read of its own.
 */
export function recordsOf(rows: readonly DrawRow[], own: boolean, prizes: readonly Pick<PrizeRow, 'id' | 'kind' | 'title'>[], people: ReadonlyMap<number, PublicAccount>): LotteryRecord[] {
  const prizeOf = new Map(prizes.map((p) => [p.id, { id: p.id, kind: p.kind, title: p.title }]));
  return rows.map((row) => {
    const prize = prizeOf.get(row.prizeId)!;
    const person = people.get(row.accountId);
    return {
      id: row.id,
      lottery_activity_id: row.activityId,
      lottery_prize_id: row.prizeId,
      lottery_prize: prize,
      via: row.via,
      order_id: own ? row.orderId : null,
      created_at_timestamp: toTimestamp(row.createdAt),
      nonce: row.nonce,
      pool: row.pool,
      account: person ? { id: person.id, avatar: person.avatarUrl, nickname: person.nickname } : null,
      claim: own && prize.kind === 'goods' ? { state: row.claimAddress ? 'to_ship' : 'address_needed', address: row.claimAddress } : null,
    };
  });
}

async function page(db: DbOrTx, where: SQL | undefined, pageNo: number, per: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(lotteryDraws).where(where).orderBy(desc(lotteryDraws.id)).limit(per).offset((pageNo - 1) * per),
    db.select({ n: count() }).from(lotteryDraws).where(where),
  ]);
  return { rows, meta: { total_count: total?.n ?? 0, page: pageNo, per } };
}

/** GET /api/promotion/lottery_records: the viewer's draws on this site (of one activity when named), newest first. */
export async function myRecords(db: DbOrTx, area: Area, accountId: number, activityId: number | undefined, pageNo: number, per: number) {
  const siteActivities = db.select({ id: lotteryActivities.id }).from(lotteryActivities).where(eq(lotteryActivities.area, area));
  const where = and(eq(lotteryDraws.accountId, accountId), activityId === undefined ? inArray(lotteryDraws.activityId, siteActivities) : eq(lotteryDraws.activityId, activityId));
  const { rows, meta } = await page(db, where, pageNo, per);
  return { lottery_records: await presentRecords(db, rows, true), meta };
}

/** GET /api/promotion/lottery_activities/{id}/accounts_lottery_prizes: the activity's recent winners, newest first. */
export async function winners(db: DbOrTx, area: Area, activityId: number, pageNo: number, per: number) {
  await findActivity(db, area, activityId);
  const { rows, meta } = await page(db, eq(lotteryDraws.activityId, activityId), pageNo, per);
  return { accounts_lottery_prizes: await presentRecords(db, rows, false), meta };
}
