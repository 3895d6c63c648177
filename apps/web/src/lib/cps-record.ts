import type { QueryClient } from '@tanstack/react-query';
import { DISTRIBUTION_API } from '@lantern/contract';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * Records a followed distribution link for the signed-in visitor (docs/product/distribution.md#attribution).
 * Apart from `cps.ts`, and loaded only when there is a visit to record: the contract and the full query keys
 * would otherwise sit in every page's first JavaScript (decisions/0045).
 */
export function recordCpsVisit(client: QueryClient, code: string): Promise<unknown> {
  return api.post(DISTRIBUTION_API.visits, { cps_visit: { code } }, { auth: 'optional' })
    .then(() => client.invalidateQueries({ queryKey: queryKeys.distribution.mine }))
    .catch(() => undefined);
}
