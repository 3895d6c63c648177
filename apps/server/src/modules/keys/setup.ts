import { provideLineKeys, registerFulfilmentStep } from '../orders/index.ts';
import { keyDeliveryStep } from './delivery.ts';
import { keysOfLines } from './lists.ts';

/** Keys plug into orders: a paid order's keys are delivered, and an order shows its lines' keys. */
export function setupKeys(): void {
  registerFulfilmentStep(keyDeliveryStep);
  provideLineKeys(keysOfLines);
}
