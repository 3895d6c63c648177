import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveRegion, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { findAccount } from '../accounts/lookup.ts';

/** Who is looking at the catalogue: the site's area, the region the SKU rule applies (docs/product/catalogue.md#sku-region), the account. */
export interface Viewer {
  area: Area;
  region: string;
  accountId: number | null;
}

/** The optional `region` query parameter every catalogue read accepts (a guest's region, e.g. hk). */
export const regionParam = z.object({ region: z.string().max(16).optional() });

/**
 * The viewer of a request. A signed-in account's region is the one it holds; a guest's is the `region`
 * parameter when given (unknown codes become cn) or else the site's default region. A region
 * parameter never overrides an account's own region: it would let anyone step around a region lock.
 */
export async function viewerOf(deps: Deps, request: FastifyRequest, requestedRegion?: string): Promise<Viewer> {
  const area = request.site.area;
  const accountId = request.auth?.accountId ?? null;
  if (accountId !== null) {
    const account = await findAccount(deps.db, accountId);
    if (account) return { area, region: resolveRegion(account.region), accountId };
  }
  const region = requestedRegion !== undefined && requestedRegion.trim() !== '' ? resolveRegion(requestedRegion) : request.site.regionDefault;
  return { area, region, accountId: null };
}
