import { registerFulfilmentStep } from './fulfilment.ts';
import { shipmentStep } from './shipments.ts';

/** Orders' own fulfilment: a physical order's shipment. */
export function setupOrders(): void {
  registerFulfilmentStep(shipmentStep);
}
