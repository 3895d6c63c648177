import { setupKeys } from './keys/index.ts';
import { setupLibrary } from './library/index.ts';
import { setupOrders } from './orders/index.ts';
import { setupPayments } from './payments/index.ts';

/**
 * Composes the buying stack (docs/ARCHITECTURE.md, "Buying"): orders at the bottom; keys, library and
 * payments above it plug their parts into orders — what happens when an order is paid (in this order:
 * keys, library, shipment) and what an order shows (payments, keys). Orders imports none of them.
 * Idempotent; run before anything completes or shows an order (buildApp, the seed).
 */
export function setupBuying(): void {
  setupKeys();
  setupLibrary();
  setupOrders();
  setupPayments();
}
