import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orderQuery } from '../../../lib/order';
import { orderPaymentsQuery } from './payments';

/**
 * Asks the server for an order again: when its payment window closed on this clock (the server cancels it
 * and frees its coupon), or when a payment attempt ended or was refused (`withPayments`: the methods and
 * their availability may have changed too).
 */
export function useRefreshOrder() {
  const client = useQueryClient();
  return useCallback(
    (id: number | string, { withPayments = false }: { withPayments?: boolean } = {}) => {
      void client.invalidateQueries({ queryKey: orderQuery(id).queryKey });
      if (withPayments) void client.invalidateQueries({ queryKey: orderPaymentsQuery(id).queryKey });
    },
    [client],
  );
}
