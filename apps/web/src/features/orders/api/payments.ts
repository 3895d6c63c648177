import { queryOptions } from '@tanstack/react-query';
import { PAYMENT_API, type OrderPaymentsResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/orders/{id}/payments: the site's methods for this order, unavailable ones with their reason. */
export const orderPaymentsQuery = (id: number | string) =>
  queryOptions({
    queryKey: queryKeys.orders.payments(id),
    queryFn: () => api.get<OrderPaymentsResponse>(PAYMENT_API.orderPayments(id)),
    retry: false,
  });
