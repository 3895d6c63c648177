import { queryOptions, useQuery } from '@tanstack/react-query';
import { POINTS_SHOP_API, type pointRedeemsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type PointRedeemsResponse = z.infer<typeof pointRedeemsResponse>;
export type PointRedeem = PointRedeemsResponse['point_redeems'][number];

/** GET /api/point_redeems: the shop, with the viewer's points and redeemed counts when signed in. */
export const pointRedeemsQuery = () =>
  queryOptions({
    queryKey: queryKeys.pointRedeems,
    queryFn: () => api.get<PointRedeemsResponse>(POINTS_SHOP_API.pointRedeems, { auth: 'optional' }),
  });

export const usePointRedeems = () => useQuery(pointRedeemsQuery());
