import type { SkuRow } from '../catalog/index.ts';
import type { KeyType } from './pool.ts';

/** The key type a SKU's keys have (a SKU without one, a virtual good's, is `other`). */
export function keyTypeOfSku(row: SkuRow): KeyType {
  return row.sku.keyType ?? 'other';
}
