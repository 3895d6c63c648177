import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { accounts } from './tables.ts';

/**
 * The account closed or finished the beginners' guide (docs/product/screens.md#guide): it is not shown again,
 * on any tab or device. The first time is kept; calling again (a replay, another tab) changes nothing.
 */
export async function completeGuide(deps: Deps, accountId: number): Promise<void> {
  await deps.db
    .update(accounts)
    .set({ guideCompletedAt: sql`coalesce(${accounts.guideCompletedAt}, ${deps.clock.now()})` })
    .where(eq(accounts.id, accountId));
}
