import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { GAME_KINDS, type Area } from '@lantern/domain';
import type { GameKeyEntry, GameKeySummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { type SkuRow, loadSkuRows, skuMatches } from '../catalog/index.ts';
import { kindOf, presentDelivery, presentEntry, presentKeySummary, type DeliveryRecord, type KeyRecord } from './presenter.ts';
import type { LineKeys } from '../orders/index.ts';
import { gameKeys, keyDeliveries } from './tables.ts';

type KeyType = KeyRecord['keyType'];
type DeliveryState = DeliveryRecord['state'];

/** Which list: platform keys (GET /api/game_key), the supplier's (GET /api/genba_key), virtual goods' codes (GET /api/virtual/game_keys). */
export type KeyListScope = 'platform' | 'genba' | 'virtual';

export interface KeyListFilter {
  keyType?: KeyType;
  deliveryState?: DeliveryState;
}

/** A unit's key, if it has one: the key assigned to the same line and unit. */
const keyOfUnit = and(eq(gameKeys.orderGameId, keyDeliveries.orderGameId), eq(gameKeys.unit, keyDeliveries.unit));

function scopeSql(db: DbOrTx, scope: KeyListScope, area: Area): SQL {
  if (scope === 'virtual') return skuMatches(db, keyDeliveries.skuId, { area, kinds: ['virtual'] });
  const kinds = skuMatches(db, keyDeliveries.skuId, { area, kinds: GAME_KINDS });
  return scope === 'genba' ? and(eq(keyDeliveries.source, 'genba'), kinds)! : kinds;
}

function filterSql(db: DbOrTx, filter: KeyListFilter): SQL | undefined {
  const keyType = filter.keyType;
  return and(
    // A delivered key has its own type; a waiting line will get its SKU's.
    keyType === undefined ? undefined : or(eq(gameKeys.keyType, keyType), and(isNull(gameKeys.id), skuMatches(db, keyDeliveries.skuId, { keyType }))),
    filter.deliveryState === undefined ? undefined : eq(keyDeliveries.state, filter.deliveryState),
  );
}

async function skuRowsById(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, SkuRow>> {
  return new Map((await loadSkuRows(db, skuIds)).map((r) => [r.sku.id, r]));
}

function rowOf(rows: Map<number, SkuRow>, skuId: number): SkuRow {
  const row = rows.get(skuId);
  if (!row) throw new Error(`key of an unknown SKU ${skuId}`);
  return row;
}

/**
 * The account's paid keyed lines on the site with their keys, newest first (docs/product/buying.md#keys:
 * delivered / pre_ordered / ordering). Codes are never in a list (GET /api/me/game_keys/{id}).
 */
export async function listKeyEntries(deps: Deps, accountId: number, area: Area, scope: KeyListScope, filter: KeyListFilter, page: number, per: number) {
  const db = deps.db;
  const where = and(eq(keyDeliveries.accountId, accountId), scopeSql(db, scope, area), filterSql(db, filter));
  const [rows, [total]] = await Promise.all([
    db.select({ delivery: keyDeliveries, key: gameKeys }).from(keyDeliveries).leftJoin(gameKeys, keyOfUnit)
      .where(where).orderBy(desc(keyDeliveries.createdAt), desc(keyDeliveries.orderGameId), desc(keyDeliveries.unit)).limit(per).offset((page - 1) * per),
    db.select({ n: count() }).from(keyDeliveries).leftJoin(gameKeys, keyOfUnit).where(where),
  ]);
  const skus = await skuRowsById(db, rows.map((r) => r.delivery.skuId));
  const entries = rows.map((r) => ({ entry: presentEntry(r.delivery, r.key, rowOf(skus, r.delivery.skuId)), key: r.key }));
  return { entries, meta: { total_count: total?.n ?? 0, page, per } };
}

/** GET /api/virtual/game_keys: as listKeyEntries, with each delivered code (the owner's own list). */
export async function listVirtualCodes(deps: Deps, accountId: number, area: Area, filter: KeyListFilter, page: number, per: number) {
  const { entries, meta } = await listKeyEntries(deps, accountId, area, 'virtual', filter, page, per);
  return { game_keys: entries.map(({ entry, key }) => ({ ...entry, code: key ? deps.secrets.decrypt(key.codeEnc) : null })), meta };
}

/** One of the account's keys, with its SKU and delivery; anyone else's (or an unassigned one) is a 404. */
export async function findOwnKey(db: DbOrTx, accountId: number, keyId: number) {
  const [found] = await db.select({ key: gameKeys, delivery: keyDeliveries }).from(gameKeys)
    .innerJoin(keyDeliveries, keyOfUnit)
    .where(and(eq(gameKeys.id, keyId), eq(gameKeys.accountId, accountId), eq(gameKeys.state, 'assigned'))).limit(1);
  if (!found) throw fail.notFound();
  const [row] = await loadSkuRows(db, [found.key.skuId]);
  if (!row) throw fail.notFound();
  return { ...found, row };
}

/**
 * GET /api/me/game_keys/{id}: the key with its code, to its owner only. Anyone else — another account,
 * or a guess at an id — gets the same 404 as a key that does not exist, so ids reveal nothing.
 */
export async function revealKey(deps: Deps, accountId: number, keyId: number): Promise<GameKeyEntry & { id: number; code: string }> {
  const { key, delivery, row } = await findOwnKey(deps.db, accountId, keyId);
  return { ...presentEntry(delivery, key, row), id: key.id, code: deps.secrets.decrypt(key.codeEnc) };
}

/**
 * Keys and delivery of order lines, for orders and the library (no codes): every unit's key, in unit
 * order, and the line's delivery as its least advanced unit's (a line of three codes with one still
 * ordering shows ordering).
 */
export async function keysOfLines(db: DbOrTx, orderGameIds: readonly number[]): Promise<Map<number, LineKeys>> {
  const out = new Map<number, LineKeys>();
  if (orderGameIds.length === 0) return out;
  const ids = [...new Set(orderGameIds)];
  const rows = await db.select({ delivery: keyDeliveries, key: gameKeys }).from(keyDeliveries)
    .leftJoin(gameKeys, keyOfUnit).where(inArray(keyDeliveries.orderGameId, ids)).orderBy(asc(keyDeliveries.orderGameId), asc(keyDeliveries.unit));
  const skus = await skuRowsById(db, rows.map((r) => r.delivery.skuId));
  for (const r of rows) {
    const row = rowOf(skus, r.delivery.skuId);
    const line = out.get(r.delivery.orderGameId) ?? { delivery: presentDelivery(r.delivery), keys: [] };
    if (line.delivery?.state === 'delivered' && r.delivery.state !== 'delivered') line.delivery = presentDelivery(r.delivery);
    if (r.key) line.keys.push(presentKeySummary(r.key, kindOf(row)));
    out.set(r.delivery.orderGameId, line);
  }
  return out;
}

/** The account's keys of some SKUs (a library game's keys), newest first. */
export async function keysOfSkus(db: DbOrTx, accountId: number, skuIds: readonly number[]): Promise<Map<number, GameKeySummary[]>> {
  const out = new Map<number, GameKeySummary[]>();
  if (skuIds.length === 0) return out;
  const rows = await db.select().from(gameKeys).where(and(eq(gameKeys.accountId, accountId), inArray(gameKeys.skuId, [...skuIds]))).orderBy(desc(gameKeys.assignedAt), desc(gameKeys.id));
  const skus = await skuRowsById(db, rows.map((r) => r.skuId));
  for (const key of rows) out.set(key.skuId, [...(out.get(key.skuId) ?? []), presentKeySummary(key, kindOf(rowOf(skus, key.skuId)))]);
  return out;
}

/** Counts for the user centre: delivered keys still to activate, and units still waiting for a key (not refused ones), on the site. */
export async function keyCounts(db: DbOrTx, accountId: number, area: Area): Promise<{ notActivated: number; waiting: number }> {
  const onSite = skuMatches(db, keyDeliveries.skuId, { area });
  const [[notActivated], [waiting]] = await Promise.all([
    db.select({ n: count() }).from(keyDeliveries).innerJoin(gameKeys, keyOfUnit)
      .where(and(eq(keyDeliveries.accountId, accountId), onSite, inArray(gameKeys.activationStatus, ['init', 'failed']))),
    db.select({ n: count() }).from(keyDeliveries).where(and(eq(keyDeliveries.accountId, accountId), onSite, inArray(keyDeliveries.state, ['ordering', 'pre_ordered']))),
  ]);
  return { notActivated: notActivated?.n ?? 0, waiting: waiting?.n ?? 0 };
}
