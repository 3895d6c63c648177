import type { PlatformKind } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';

/** An outside account bound to a store account, as basic info shows it (`platforms`: kind, show_id). */
export interface PlatformBinding {
  kind: PlatformKind;
  show_id: string;
}

/**
 * The source of an account's linked accounts. The linked-accounts module provides it from its `setup`, so this
 * module (and promotions, which asks whether Steam or WeChat is bound) never reads its tables; without it
 * nothing is bound.
 */
export type PlatformSource = (db: DbOrTx, accountId: number) => Promise<PlatformBinding[]>;

let source: PlatformSource = async () => [];

export function providePlatforms(next: PlatformSource): void {
  source = next;
}

/** The account's linked accounts, for basic info and for requirements that need a binding. */
export function platformsOf(db: DbOrTx, accountId: number): Promise<PlatformBinding[]> {
  return source(db, accountId);
}
