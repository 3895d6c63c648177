import { provideOrderPayments } from '../orders/index.ts';
import { paymentsOfOrders } from './summary.ts';

/** Payments plug into orders: an order shows its payment attempts. */
export function setupPayments(): void {
  provideOrderPayments(paymentsOfOrders);
}
