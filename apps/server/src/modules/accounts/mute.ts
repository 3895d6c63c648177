import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

/**
 * Sets or clears the account's community mute (docs/product/accounts.md#muted): `until` null unmutes.
 * Moderation decides and records who muted whom and why; the account row holds only the end. Answers
 * false for an unknown or closed account. The session cache holds no mute state, so nothing is forgotten.
 */
export async function setMutedUntil(db: DbOrTx, accountId: number, until: Date | null): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ mutedUntil: until })
    .where(and(eq(accounts.id, accountId), isNull(accounts.closedAt)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
