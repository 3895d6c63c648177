import { provideOrderPayments, registerPaidOrderRefund } from '../orders/index.ts';
import { refundCanceledPaidOrder } from './paid-cancel-refund.ts';
import { paymentsOfOrders } from './summary.ts';

/** Payments plug into orders: an order shows its payment attempts, and a paid order canceled gets its money back. */
export function setupPayments(): void {
  provideOrderPayments(paymentsOfOrders);
  registerPaidOrderRefund(refundCanceledPaidOrder);
}
