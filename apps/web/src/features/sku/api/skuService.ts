import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { skuService } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type SkuService = z.infer<typeof skuService>;

/** GET /api/skus/{id}/service: cross-sale and gift packs, asked for signed-in users only. */
export const skuServiceQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.skuService(id),
    queryFn: () => api.get<SkuService>(API.skuService(id), { auth: 'optional' }),
    retry: false,
  });

export const useSkuService = (id: number, signedIn: boolean) => useQuery({ ...skuServiceQuery(id), enabled: signedIn });
