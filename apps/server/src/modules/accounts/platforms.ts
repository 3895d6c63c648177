import type { PlatformKind } from '@lantern/domain';
import type { Db } from '../../platform/db/client.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';

/** An outside account bound to a store account, as basic info shows it (`platforms`: kind, show_id). */
export interface PlatformBinding {
  kind: PlatformKind;
  show_id: string;
}

/**
 * The source of accounts' linked accounts, many accounts at once. The linked-accounts module provides it from its
 * `setup`, so this module (and promotions, which asks whether Steam or WeChat is bound) never reads its tables;
 * without it nothing is bound.
 */
export type PlatformSource = (db: Db, accountIds: readonly number[]) => Promise<ReadonlyMap<number, PlatformBinding[]>>;

let source: PlatformSource = async () => new Map();
/** Read through the source provided when the batch goes, so a source provided later is the one asked. */
const platformReads = new BatchedLoaders<Db, number, PlatformBinding[]>((db, ids) => source(db, ids));

export function providePlatforms(next: PlatformSource): void {
  source = next;
}

/**
 * The account's linked accounts, for basic info and for requirements that need a binding. Batched like the
 * account row of GET /api/me (platform/batched-loader.ts), so a burst of /api/me costs one more statement, not one per call.
 */
export async function platformsOf(db: Db, accountId: number): Promise<PlatformBinding[]> {
  return (await platformReads.load(db, accountId)) ?? [];
}
