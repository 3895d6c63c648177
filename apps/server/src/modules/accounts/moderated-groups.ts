import type { Db } from '../../platform/db/client.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';

/**
 * The groups accounts are appointed moderators of (docs/product/community.md#group-moderators), many accounts at
 * once. The community module, which owns groups and their moderators, provides it from its `setup`, so neither
 * this module (GET /api/me `moderated_group_ids`) nor moderation (the scope of its calls) reads its tables; without
 * it nobody moderates a group.
 */
export type ModeratedGroupsSource = (db: Db, accountIds: readonly number[]) => Promise<ReadonlyMap<number, number[]>>;

let source: ModeratedGroupsSource = async () => new Map();
/** Read through the source provided when the batch goes, so a source provided later is the one asked. */
const moderatedReads = new BatchedLoaders<Db, number, number[]>((db, ids) => source(db, ids));

export function provideModeratedGroups(next: ModeratedGroupsSource): void {
  source = next;
}

/** The groups one account moderates, ascending; batched like the account row of GET /api/me. */
export async function moderatedGroupsOf(db: Db, accountId: number): Promise<number[]> {
  return (await moderatedReads.load(db, accountId)) ?? [];
}
