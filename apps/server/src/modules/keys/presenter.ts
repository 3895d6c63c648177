import { keyKindOfProduct, keyTypeDesc, keyTypeTitle, type KeyKind } from '@lantern/domain';
import type { GameKeyEntry, GameKeySummary, KeyDelivery } from '@lantern/contract';
import { toTimestamp } from '../../platform/clock.ts';
import type { SkuRow } from '../catalog/index.ts';
import type { gameKeys, keyDeliveries } from './tables.ts';

export type KeyRecord = typeof gameKeys.$inferSelect;
export type DeliveryRecord = typeof keyDeliveries.$inferSelect;
type KeyType = KeyRecord['keyType'];

export function kindOf(row: SkuRow): KeyKind {
  return keyKindOfProduct(row.kind) ?? 'platform_key';
}

function titles(keyType: KeyType, kind: KeyKind) {
  return { type_desc: keyTypeDesc(keyType, kind), games_key_type: { key_type: keyType, title: keyTypeTitle(keyType) } };
}

export function presentDelivery(d: DeliveryRecord): KeyDelivery {
  return {
    state: d.state,
    source: d.source,
    error: d.state === 'delivered' ? null : d.supplierError,
    created_at_timestamp: toTimestamp(d.createdAt),
    delivered_at_timestamp: toTimestamp(d.deliveredAt),
  };
}

/** A key without its code (lists, orders). */
export function presentKeySummary(key: KeyRecord, kind: KeyKind): GameKeySummary {
  return {
    id: key.id,
    key_type: key.keyType,
    kind,
    ...titles(key.keyType, kind),
    activation_status: key.activationStatus,
    activation_error: key.activationStatus === 'failed' ? key.activationError : null,
    assigned_at_timestamp: toTimestamp(key.assignedAt ?? key.createdAt),
    activated_at_timestamp: toTimestamp(key.activatedAt),
  };
}

/** A key list entry: a paid line and its key once delivered (the key type of a waiting line is its SKU's). */
export function presentEntry(delivery: DeliveryRecord, key: KeyRecord | null, row: SkuRow): GameKeyEntry {
  const kind = kindOf(row);
  const keyType: KeyType = key?.keyType ?? row.sku.keyType ?? 'other';
  return {
    id: key?.id ?? null,
    order_game_id: delivery.orderGameId,
    order_id: delivery.orderId,
    sku_id: row.sku.id,
    product_id: row.sku.productId,
    sku_names: row.sku.skuName,
    key_type: keyType,
    kind,
    ...titles(keyType, kind),
    activation_status: key?.activationStatus ?? 'init',
    activation_error: key?.activationStatus === 'failed' ? key.activationError : null,
    delivery: presentDelivery(delivery),
    assigned_at_timestamp: toTimestamp(key?.assignedAt ?? null),
    activated_at_timestamp: toTimestamp(key?.activatedAt ?? null),
  };
}
