import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

/** What the account said about sharing its Steam data (docs/product/personal-pages.md#steam-data-shared). */
export interface SteamSharing {
  /** `show_steam_review` (basic info): whether others see its Steam reviews. */
  showSteamReview: boolean;
  /** Whether it answered "I have got it" to the responsibility declaration (docs/product/screens.md#responsibility-dialog). */
  responsibilityAcknowledged: boolean;
}

/** The account's Steam sharing settings; null for a closed or unknown account. */
export async function steamSharingOf(db: DbOrTx, accountId: number): Promise<SteamSharing | null> {
  const [row] = await db.select({ show: accounts.showSteamReview, acknowledgedAt: accounts.responsibilityAcknowledgedAt }).from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.closedAt)));
  return row ? { showSteamReview: row.show, responsibilityAcknowledged: row.acknowledgedAt !== null } : null;
}
