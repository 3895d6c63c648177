import { eq } from 'drizzle-orm';
import { isKeyedKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { pushLiveEvents } from '../live/index.ts';
import { notify } from '../notifications/index.ts';
import { keyArrivalNotices } from './arrival-notices.ts';
import { fillWaitingLines, lockPool, type KeyType } from './pool.ts';
import { gameKeys, keyBatches } from './tables.ts';

/** One import is one transaction; past this many codes, split the file (it keeps a transaction short). */
export const IMPORT_MAX_CODES = 20_000;
/** Longer than any platform's key or a virtual good's code: a longer "code" is a wrong column or a wrong file. */
export const CODE_MAX_LENGTH = 200;
const INSERT_CHUNK = 1_000;

export interface ImportKeysInput {
  skuId: number;
  /** Default: the SKU's key type (other when it has none). */
  keyType?: KeyType;
  codes: readonly string[];
  source: 'csv' | 'api';
  importedBy: number | null;
  note?: string;
}

export interface ImportKeysResult {
  batch_id: number;
  sku_id: number;
  /** Keys added to the pool. */
  added: number;
  /** Codes already in the pool or repeated in the input. */
  skipped: number;
  /** Waiting order lines that got one of the new keys. */
  delivered: number;
}

/** The codes to import: trimmed, blanks dropped (a CSV's empty lines and trailing newline are not keys). */
export function cleanCodes(codes: readonly string[]): string[] {
  return codes.map((c) => c.trim()).filter((c) => c !== '');
}

/**
 * Loads keys into a SKU's pool (docs/product/buying.md#keys): codes trimmed, blanks dropped, each stored encrypted
 * with a keyed hash that refuses one already in the pool (or twice in the input) — those are counted as
 * skipped, not errors, so re-running an import is harmless. The batch, the keys and the filling of
 * waiting lines (oldest first) are one transaction, and so is telling their buyers their keys arrived (pushed
 * live once it has committed).
 */
export async function importKeys(deps: Deps, input: ImportKeysInput): Promise<ImportKeysResult> {
  const codes = cleanCodes(input.codes);
  if (codes.length === 0) throw fail.unprocessable('codes', 'blank');
  if (codes.length > IMPORT_MAX_CODES) throw fail.unprocessable('codes', 'too_many', { max: IMPORT_MAX_CODES });
  if (codes.some((c) => c.length > CODE_MAX_LENGTH)) throw fail.unprocessable('codes', 'too_long', { max_length: CODE_MAX_LENGTH });
  const [row] = await loadSkuRows(deps.db, [input.skuId]);
  if (!row) throw fail.notFound('sku');
  if (!isKeyedKind(row.kind)) throw fail.unprocessable('sku', 'not_keyed');

  const keyType = input.keyType ?? row.sku.keyType ?? 'other';
  const now = deps.clock.now();
  const unique = new Map<string, string>();
  for (const code of codes) {
    const hash = deps.secrets.hmac(code);
    if (!unique.has(hash)) unique.set(hash, code);
  }
  const { result, events } = await deps.db.transaction(async (tx) => {
    await lockPool(tx, input.skuId, 'arriving');
    const [batch] = await tx
      .insert(keyBatches)
      .values({ skuId: input.skuId, source: input.source, added: 0, skipped: 0, importedBy: input.importedBy, note: input.note ?? '', createdAt: now })
      .returning({ id: keyBatches.id });
    const batchId = batch!.id;
    const values = [...unique].map(([hash, code]) => ({
      skuId: input.skuId, batchId, keyType, codeEnc: deps.secrets.encrypt(code), codeHash: hash, state: 'available' as const, createdAt: now,
    }));
    let added = 0;
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const inserted = await tx.insert(gameKeys).values(values.slice(i, i + INSERT_CHUNK)).onConflictDoNothing().returning({ id: gameKeys.id });
      added += inserted.length;
    }
    const skipped = codes.length - added;
    await tx.update(keyBatches).set({ added, skipped }).where(eq(keyBatches.id, batchId));
    const filled = await fillWaitingLines(tx, input.skuId, now);
    // Last in the transaction: notify holds each buyer's unread total until commit.
    const events = await notify(tx, deps, keyArrivalNotices(row.sku, filled));
    return { result: { batch_id: batchId, sku_id: input.skuId, added, skipped, delivered: filled.length }, events };
  });
  await pushLiveEvents(deps, events);
  return result;
}
