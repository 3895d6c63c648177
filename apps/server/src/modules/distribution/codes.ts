import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { distributionCodeFrom, isDistributionCodeShape, normalizeDistributionCode } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { distributionCodes } from './tables.ts';

/** The account's distribution code, made the first time (a collision of random codes is retried). */
export async function distributionCodeOf(db: DbOrTx, accountId: number, now: Date): Promise<string> {
  for (;;) {
    const [existing] = await db.select({ code: distributionCodes.code }).from(distributionCodes).where(eq(distributionCodes.accountId, accountId));
    if (existing) return existing.code;
    const code = distributionCodeFrom((max) => randomInt(max));
    // A code taken by another account conflicts on the code's key and is retried; this account's own row
    // written meanwhile by a parallel call is read back on the next turn.
    await db.insert(distributionCodes).values({ accountId, code, createdAt: now }).onConflictDoNothing();
  }
}

/** Whose code this is, or null (a string of another shape is not looked up). */
export async function sharerOfCode(db: DbOrTx, raw: string): Promise<{ sharerId: number; code: string } | null> {
  const code = normalizeDistributionCode(raw);
  if (!isDistributionCodeShape(code)) return null;
  const [row] = await db.select({ accountId: distributionCodes.accountId }).from(distributionCodes).where(eq(distributionCodes.code, code));
  return row ? { sharerId: row.accountId, code } : null;
}
