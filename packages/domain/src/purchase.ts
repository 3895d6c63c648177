import type { Area } from './sites.ts';

/**
 * Where each site sells (docs/product/buying.md#purchase-blocked: a blocked purchase goes to /ip_error). Keys are priced and licensed per
 * market: the mainland site sells to buyers in the mainland and Hong Kong; the international site sells
 * everywhere except the mainland, whose buyers have their own site. Countries are ISO 3166 alpha-2 codes,
 * lower case, as a geolocation lookup gives them.
 */
export const PURCHASE_MARKETS = {
  native: { allow: ['cn', 'hk'] },
  abroad: { deny: ['cn'] },
} as const satisfies Record<Area, { allow: readonly string[] } | { deny: readonly string[] }>;

/**
 * Whether a purchase on `area` from an address located in `country` is refused. An address whose country
 * is unknown (a private network, no lookup data) is not blocked: refusing honest buyers on a failed lookup
 * would cost more than the rare purchase it stops.
 */
export function isPurchaseBlocked(area: Area, country: string | null): boolean {
  if (country === null) return false;
  const market: { allow?: readonly string[]; deny?: readonly string[] } = PURCHASE_MARKETS[area];
  const code = country.toLowerCase();
  if (market.allow) return !market.allow.includes(code);
  return market.deny?.includes(code) ?? false;
}
