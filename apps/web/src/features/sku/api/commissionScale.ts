import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { DISTRIBUTION_API, type scaleBySkuAnswer } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type ScaleBySkuAnswer = z.infer<typeof scaleBySkuAnswer>;

/** GET /cpsgear/searchScaleBySku: the SKU's commission for a sharer, asked for signed-in users only (docs/product/distribution.md). */
export const commissionScaleQuery = (skuId: number) =>
  queryOptions({
    queryKey: queryKeys.distribution.scale(skuId),
    queryFn: () => api.get<ScaleBySkuAnswer>(DISTRIBUTION_API.scaleBySku, { query: { skuId }, auth: 'optional' }),
    retry: false,
    staleTime: 60_000,
  });

export const useCommissionScale = (skuId: number, signedIn: boolean) => useQuery({ ...commissionScaleQuery(skuId), enabled: signedIn });
