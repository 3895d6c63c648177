import { z } from 'zod';
import { listMeta } from './common.ts';

const named = z.object({ id: z.string(), name: z.string() });

/** A shipping address. Mainland addresses use the district ids of GET /districts; abroad ones a country. */
export const detailedAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string(),
  country_code: z.string(),
  prov: named.nullable(),
  city: named.nullable(),
  area: named.nullable(),
  /** Free-text region for abroad addresses (state, city). */
  region_text: z.string(),
  address: z.string(),
  postcode: z.string(),
  is_default: z.boolean(),
});
export type DetailedAddress = z.infer<typeof detailedAddress>;

export const addressInput = z.object({
  name: z.string().min(1).max(50),
  phone_number: z.string().min(1).max(20),
  country_code: z.string().length(2).optional(),
  prov_id: z.string().max(12).optional(),
  city_id: z.string().max(12).optional(),
  area_id: z.string().max(12).optional(),
  region_text: z.string().max(120).optional(),
  address: z.string().min(1).max(200),
  postcode: z.string().max(16).optional(),
  is_default: z.boolean().optional(),
});
export const createAddressRequest = z.object({ detailed_address: addressInput });
export const updateAddressRequest = z.object({ detailed_address: addressInput.partial() });
export type AddressInput = z.infer<typeof addressInput>;

export const addressesResponse = z.object({
  detailed_addresses: z.array(detailedAddress),
  meta: listMeta,
});

export const districtsResponse = z.object({
  provinces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      cities: z.array(z.object({ id: z.string(), name: z.string(), areas: z.array(named) })),
    }),
  ),
  countries: z.array(z.object({ code: z.string(), name: z.string(), native: z.string() })),
});
export type Districts = z.infer<typeof districtsResponse>;
