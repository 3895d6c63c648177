import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

/**
 * Sets or clears the personal page's background (docs/product/personal-pages.md#background). The caller has checked the
 * image is the owner's own upload; this only stores it. Answers false for an unknown or closed account.
 */
export async function setBackgroundUrl(db: DbOrTx, accountId: number, url: string | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ backgroundUrl: url, updatedAt: now })
    .where(and(eq(accounts.id, accountId), isNull(accounts.closedAt)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** The account's background image, if it set one: the uploads module asks before an image is deleted. */
export async function backgroundUrlOf(db: DbOrTx, accountId: number): Promise<string | null> {
  const [row] = await db.select({ url: accounts.backgroundUrl }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.url ?? null;
}
