import { API, type Order } from '@lantern/contract';
import { api } from '../../../lib/api';

/** POST /api/orders/{id}/cancel: an unpaid order becomes canceled and its coupon comes back. */
export const cancelOrder = (id: number) => api.post<Order>(API.orderCancel(id));

/** DELETE /api/orders/{id}: deleting an order sets its state to canceled (reason "deleted"; docs/product/buying.md#order-delete). */
export const deleteOrder = (id: number) => api.delete<unknown>(API.orderDelete(id));
