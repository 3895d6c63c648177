import { registerOwnedProducts } from '../cart/index.ts';
import { heldProducts } from './checkout/validate-ownership.ts';
import { registerFulfilmentStep } from './fulfilment.ts';
import { shipmentStep } from './shipments.ts';

/** Orders' own fulfilment: a physical order's shipment; and what the cart asks of them: which products an account owns. */
export function setupOrders(): void {
  registerFulfilmentStep(shipmentStep);
  registerOwnedProducts(async (db, accountId, productIds, now) => {
    const held = await heldProducts(db, accountId, productIds, now);
    return new Set([...held].filter(([, holding]) => holding === 'owned').map(([productId]) => productId));
  });
}
