import { PAYMENT_API, type PayRequest, type PayResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

/**
 * PATCH /api/orders/{id}/pay: a gateway method answers a signed redirect (url, method, data) for /blank;
 * wallet and points answer `status: complete` at once. 409 `order: busy` while another pay call runs,
 * 409 `version: stale` when the order changed since it was shown, 404 `unusual` (docs/product/buying.md#pay).
 */
export const payOrder = (id: number, body: PayRequest) => api.patch<PayResponse>(PAYMENT_API.pay(id), body);

export const isRedirect = (r: PayResponse): r is Extract<PayResponse, { url: string }> => 'url' in r;
