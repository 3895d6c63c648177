import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts, pointRecords } from './tables.ts';

/** The account's spendable points (accounts.score). */
export async function scoreOf(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.score ?? 0;
}

/**
 * Spends points in the caller's transaction with a `consume` record (its real_score negative, the way the
 * points page shows it). One conditional UPDATE, so concurrent spending never takes the score below zero;
 * false when the score does not cover it.
 */
export async function spendScore(tx: DbOrTx, accountId: number, points: number, reason: string, target: { type: string; id: number }): Promise<boolean> {
  const [row] = await tx.update(accounts)
    .set({ score: sql`${accounts.score} - ${points}` })
    .where(and(eq(accounts.id, accountId), gte(accounts.score, points)))
    .returning({ score: accounts.score });
  if (!row) return false;
  await tx.insert(pointRecords).values({ accountId, kind: 'consume', realScore: -points, reason, targetType: target.type, targetId: target.id });
  return true;
}
