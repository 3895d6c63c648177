import { and, eq, inArray } from 'drizzle-orm';
import { activationTarget, canActivate, type KeyKind } from '@lantern/domain';
import type { ActivationResult } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { findOwnKey } from './lists.ts';
import { kindOf, type KeyRecord } from './presenter.ts';
import { gameKeys } from './tables.ts';

function result(key: Pick<KeyRecord, 'id' | 'activationStatus' | 'activationError' | 'activatedAt'>): ActivationResult {
  return {
    id: key.id,
    activation_status: key.activationStatus,
    error_code: key.activationStatus === 'failed' ? key.activationError : null,
    activated_at_timestamp: toTimestamp(key.activatedAt),
  };
}

/**
 * POST /api/me/game_keys/{id}/activate (platform keys) and POST /api/me/codes/{id}/activate (virtual
 * goods' codes) — docs/product/buying.md#key-activation: the web shows loading, then success or fail. A Uplay key is only marked
 * enabled (it is activated in Uplay itself); any other goes to its platform and becomes activated, or
 * failed with the platform's error code, and may be tried again. Activating a key already enabled or
 * activated answers its state unchanged, so a repeated click is harmless. A key of the other kind, or
 * anyone else's, is a 404.
 *
 * The platform is called outside any transaction (it is an outside party); the state is then written
 * only if the key is still init or failed, so two concurrent calls cannot overwrite a success.
 */
export async function activateKey(deps: Deps, accountId: number, keyId: number, kind: KeyKind): Promise<ActivationResult> {
  const { key, row } = await findOwnKey(deps.db, accountId, keyId);
  if (kindOf(row) !== kind) throw fail.notFound();
  if (!canActivate(key.activationStatus)) return result(key);

  const now = deps.clock.now();
  let outcome: Pick<KeyRecord, 'activationStatus' | 'activationError' | 'activatedAt'>;
  if (activationTarget(key.keyType) === 'enabled') outcome = { activationStatus: 'enabled', activationError: null, activatedAt: now };
  else {
    const answer = await deps.keyPlatforms.activate({ keyType: key.keyType, code: deps.secrets.decrypt(key.codeEnc), accountId });
    outcome = answer.ok
      ? { activationStatus: 'activated', activationError: null, activatedAt: now }
      : { activationStatus: 'failed', activationError: answer.errorCode, activatedAt: null };
  }
  const [written] = await deps.db.update(gameKeys).set(outcome)
    .where(and(eq(gameKeys.id, key.id), inArray(gameKeys.activationStatus, ['init', 'failed'])))
    .returning();
  if (written) return result(written);
  const [current] = await deps.db.select().from(gameKeys).where(eq(gameKeys.id, key.id));
  return result(current!);
}
