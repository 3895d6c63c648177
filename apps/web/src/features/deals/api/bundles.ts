import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUNDLES_API, type BundleActivity, type BundleHoldings } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useMe } from '../../../lib/session';

/** GET /api/v7/bundle_promo_activities: the site's live bundle promotions. */
export const bundlesQuery = () =>
  queryOptions({
    queryKey: queryKeys.bundles.list,
    queryFn: ({ signal }) => api.get<{ activities: BundleActivity[] }>(BUNDLES_API.activities, { auth: 'optional', signal }),
    retry: false,
  });
export const useBundles = () => useQuery(bundlesQuery());

/** GET /api/v7/bundle_promo_activities/{id}: one activity with its game pool. */
export const bundleQuery = (id: string | number) =>
  queryOptions({
    queryKey: queryKeys.bundles.detail(id),
    queryFn: ({ signal }) => api.get<BundleActivity>(BUNDLES_API.activity(id), { auth: 'optional', signal }),
    retry: false,
  });
export const useBundle = (id: string) => useQuery(bundleQuery(id));

/**
 * GET /api/v7/bundle_promo_activities/{id}/holdings: the pool's games the signed-in viewer owns or holds in an
 * unpaid order (nothing for a guest), so the page marks them unselectable before an order is asked for.
 */
export function useBundleHoldings(id: number) {
  const { data: me } = useMe();
  return useQuery({
    queryKey: queryKeys.bundles.holdings(id),
    queryFn: ({ signal }) => api.get<BundleHoldings>(BUNDLES_API.holdings(id), { signal }),
    enabled: !!me,
    retry: false,
  });
}

/** POST /api/v7/bundle_promo_activities/{id}/order: an order of the picked games at the bundle price; answers its id. */
export const orderBundle = (id: number, gameIds: readonly number[]) => api.post<{ id: number }>(BUNDLES_API.order(id), { game_ids: gameIds });

export function useOrderBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, gameIds }: { id: number; gameIds: readonly number[] }) => orderBundle(id, gameIds),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
      void client.invalidateQueries({ queryKey: queryKeys.bundles.all });
    },
  });
}
