import { and, eq, gte, inArray, sql } from 'drizzle-orm';
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

/** One account's points in a batch: `spend` taken (only if its score covers it) and `award` given, each with its record. */
export interface ScoreChange {
  accountId: number;
  spend: number;
  award: number;
}

/**
 * Many accounts' `spendScore` and `awardScore` in two statements, for a group that commits many draws at once
 * (modules/lottery/draw-group.ts): one conditional UPDATE that spends and awards only where the score covers
 * the spend (never below zero, as `spendScore`), then the `consume` and `produce` records of the accounts it
 * changed. Answers the score after, by account; an account missing from it was not changed (not enough points).
 */
export async function changeScores(tx: DbOrTx, changes: readonly ScoreChange[], reasons: { spend: string; award: string }, target: { type: string; id: number }): Promise<Map<number, number>> {
  if (changes.length === 0) return new Map();
  const ids = changes.map((c) => c.accountId);
  const spends = changes.map((c) => c.spend);
  const awards = changes.map((c) => c.award);
  const changed = (await tx.execute(sql`
    UPDATE ${accounts} AS a SET score = a.score - c.spend + c.award, new_score = a.new_score + c.award
    FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(spends)}::int[], ${sql.param(awards)}::int[]) AS c(account_id, spend, award)
    WHERE a.id = c.account_id AND a.score >= c.spend
    RETURNING a.id, a.score`)) as unknown as { rows: { id: string | number; score: string | number }[] };
  const after = new Map(changed.rows.map((r) => [Number(r.id), Number(r.score)]));
  const records = changes.filter((c) => after.has(c.accountId)).flatMap((c) => [
    ...(c.spend > 0 ? [{ accountId: c.accountId, kind: 'consume' as const, realScore: -c.spend, reason: reasons.spend, targetType: target.type, targetId: target.id }] : []),
    ...(c.award > 0 ? [{ accountId: c.accountId, kind: 'produce' as const, realScore: c.award, reason: reasons.award, targetType: target.type, targetId: target.id }] : []),
  ]);
  if (records.length > 0) await tx.insert(pointRecords).values(records);
  return after;
}

/**
 * Many accounts' spendable points at once, by account (0 for an account not found, as `scoreOf`). With `lock`
 * (in a transaction), the rows are locked in id order as an UPDATE would lock them (`FOR NO KEY UPDATE`: rows
 * referring to the account may still be written), so the scores read are the ones a later `changeScores` of the
 * same transaction finds: nothing else spends them meanwhile.
 */
export async function scoresOf(db: DbOrTx, accountIds: readonly number[], options: { lock?: boolean } = {}): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const read = db.select({ id: accounts.id, score: accounts.score }).from(accounts).where(inArray(accounts.id, [...accountIds])).orderBy(accounts.id);
  const rows = options.lock ? await read.for('no key update') : await read;
  const found = new Map(rows.map((r) => [r.id, r.score]));
  return new Map(accountIds.map((id) => [id, found.get(id) ?? 0]));
}
