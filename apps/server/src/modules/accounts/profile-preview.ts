import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

/**
 * What a personal page (/users/{id}) tells a search engine and a link preview: the member's nickname and avatar;
 * `closed` for an account that was closed (the page answers 410), null for none (404).
 */
export async function profilePreview(db: DbOrTx, id: number): Promise<{ nickname: string; avatarUrl: string | null } | 'closed' | null> {
  const [row] = await db.select({ nickname: accounts.nickname, avatarUrl: accounts.avatarUrl, closedAt: accounts.closedAt }).from(accounts).where(eq(accounts.id, id)).limit(1);
  if (!row) return null;
  return row.closedAt ? 'closed' : { nickname: row.nickname, avatarUrl: row.avatarUrl };
}
