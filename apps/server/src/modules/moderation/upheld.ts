import { and, eq, gt, sql } from 'drizzle-orm';
import { STANDING_WINDOW_DAYS } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { moderationReports } from './tables.ts';

/** When each distinct target of the account's upheld reports was resolved, within the standing window. */
export async function upheldAgainst(db: DbOrTx, accountId: number, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - STANDING_WINDOW_DAYS * 86_400_000);
  const rows = await db
    .select({ at: sql<string>`max(${moderationReports.resolvedAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(moderationReports)
    .where(and(eq(moderationReports.targetAuthorId, accountId), eq(moderationReports.status, 'upheld'), gt(moderationReports.resolvedAt, since)))
    .groupBy(moderationReports.targetType, moderationReports.targetId);
  return rows.map((r) => r.at);
}
