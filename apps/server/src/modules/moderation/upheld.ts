import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { STANDING_WINDOW_DAYS } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { moderationReports } from './tables.ts';

/**
 * For each account, when each distinct target of its upheld reports was resolved, within the standing window:
 * every account asked for is answered, in one statement (none upheld: an empty list).
 */
export async function upheldAgainstMany(db: DbOrTx, accountIds: readonly number[], now: Date): Promise<Map<number, Date[]>> {
  const since = new Date(now.getTime() - STANDING_WINDOW_DAYS * 86_400_000);
  const found = new Map<number, Date[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return found;
  const rows = await db
    .select({ accountId: moderationReports.targetAuthorId, at: sql<string>`max(${moderationReports.resolvedAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(moderationReports)
    .where(and(inArray(moderationReports.targetAuthorId, [...accountIds]), eq(moderationReports.status, 'upheld'), gt(moderationReports.resolvedAt, since)))
    .groupBy(moderationReports.targetAuthorId, moderationReports.targetType, moderationReports.targetId);
  for (const row of rows) if (row.accountId !== null) found.get(row.accountId)?.push(row.at);
  return found;
}
