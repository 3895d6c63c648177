import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveRegion, type Area } from '@lantern/domain';
import { requireAuth } from './auth.ts';

/**
 * Who is looking: the site's area, the region whose SKU rules apply (docs/product/catalogue.md#regions) and
 * the account, if any.
 */
export interface Viewer {
  area: Area;
  region: string;
  accountId: number | null;
}

/** A signed-in viewer about to buy. */
export interface Buyer extends Viewer {
  accountId: number;
  /** The client's address as the platform trusts it (purchase block by market). */
  ip: string;
}

/** The optional `region` query parameter every catalogue read accepts (a guest's region, e.g. hk). */
export const regionParam = z.object({ region: z.string().max(16).optional() });

/**
 * The viewer of a request. A signed-in account's region is the one it holds (read with its session, so no
 * extra query); a guest's is the `region` parameter when given (unknown codes become cn) or else the site's
 * default region. A region parameter never overrides an account's own region: that would let anyone step
 * around a region lock.
 */
export function viewerOf(request: FastifyRequest, requestedRegion?: string): Viewer {
  const area = request.site.area;
  if (request.auth) return { area, region: resolveRegion(request.auth.region), accountId: request.auth.accountId };
  const region = requestedRegion !== undefined && requestedRegion.trim() !== '' ? resolveRegion(requestedRegion) : request.site.regionDefault;
  return { area, region, accountId: null };
}

/** The signed-in buyer of a request, or the 401 that opens the sign-in popup. */
export function buyerOf(request: FastifyRequest): Buyer {
  const { accountId } = requireAuth(request);
  // A client that has gone away leaves no address (Node drops the socket's): its country is unknown, not a 500.
  return { ...viewerOf(request), accountId, ip: request.ip ?? '' };
}
