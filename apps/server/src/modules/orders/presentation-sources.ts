import type { GameKeySummary, KeyDelivery, PaymentSummary } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';

/** A line's keys and how their delivery is coming along (no codes). */
export interface LineKeys {
  delivery: KeyDelivery | null;
  keys: GameKeySummary[];
}

type PaymentsOfOrders = (db: DbOrTx, orderIds: readonly number[]) => Promise<Map<number, PaymentSummary[]>>;
type KeysOfLines = (db: DbOrTx, orderGameIds: readonly number[]) => Promise<Map<number, LineKeys>>;

/**
 * What an order shows that other modules own: its payment attempts (payments) and its lines' keys
 * (keys). They provide these at set-up, so orders presents them without importing either; until they
 * do, an order shows none.
 */
const sources: { paymentsOfOrders: PaymentsOfOrders; keysOfLines: KeysOfLines } = {
  paymentsOfOrders: async () => new Map(),
  keysOfLines: async () => new Map(),
};

/** An order's payment attempts, shown on the order: payments provides them at set-up; until then an order shows none. */
export function provideOrderPayments(read: PaymentsOfOrders): void {
  sources.paymentsOfOrders = read;
}

/** The keys of an order's lines, shown on the order: keys provides them at set-up; until then a line shows none. */
export function provideLineKeys(read: KeysOfLines): void {
  sources.keysOfLines = read;
}

export const paymentsOfOrders: PaymentsOfOrders = (db, orderIds) => sources.paymentsOfOrders(db, orderIds);
export const keysOfLines: KeysOfLines = (db, orderGameIds) => sources.keysOfLines(db, orderGameIds);
