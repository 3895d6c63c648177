import type { DbOrTx } from '../../platform/db/client.ts';
import { discussionDirtyTargets } from './tables.ts';
import type { LikeTargetType } from './targets.ts';

/**
 * The dirty set (decisions/0020): every write that moves a target's counters marks the target in the same
 * transaction, so the reconcile job recounts only targets written since its last run. One row per target;
 * a mark already there is left as it is (no update, so hot targets do not queue on it).
 */
export async function markDirty(db: DbOrTx, type: LikeTargetType, id: number): Promise<void> {
  await db.insert(discussionDirtyTargets).values({ targetType: type, targetId: id }).onConflictDoNothing();
}
