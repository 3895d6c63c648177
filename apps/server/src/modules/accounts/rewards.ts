import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';

/** A one-time task's points just granted to an account, on the site where it earned them. */
export interface GrantedReward {
  accountId: number;
  task: 'bind_email' | 'bind_phone';
  score: number;
  area: Area;
}

/**
 * Tells accounts of the rewards granted in the caller's transaction (docs/product/messaging.md#welcome-rewards):
 * it writes in that transaction and answers what to run once it has committed (the live push). The notification
 * centre provides it from its `setup`, so this module never imports the modules above it; none provided, nobody
 * is told.
 */
export type RewardAnnouncer = (tx: DbOrTx, deps: Deps, rewards: readonly GrantedReward[]) => Promise<() => Promise<void>>;

let announcer: RewardAnnouncer | null = null;

export function provideRewardAnnouncer(provided: RewardAnnouncer): void {
  announcer = provided;
}

const nothingAfterCommit = async () => {};

/** Call it last in the transaction (the notification counters are the account's hot rows), and run its answer after commit. */
export async function announceRewards(tx: DbOrTx, deps: Deps, rewards: readonly GrantedReward[]): Promise<() => Promise<void>> {
  if (!announcer || rewards.length === 0) return nothingAfterCommit;
  return announcer(tx, deps, rewards);
}
