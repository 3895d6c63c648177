import { listAddresses } from '../../accounts/index.ts';
import type { AddressSnapshot } from '../tables.ts';
import type { CheckoutContext } from './context.ts';

/**
 * A physical order ships to one of the buyer's addresses (`address_id: blank` without one, `not_found`
 * for another account's), copied into the order so later edits to the book do not change it.
 */
export async function shippingAddress({ deps, buyer, input, problems }: CheckoutContext): Promise<AddressSnapshot | null> {
  if (input.cate !== 'physical') return null;
  if (input.address_id === undefined) {
    problems.add('address_id', 'blank');
    return null;
  }
  const found = (await listAddresses(deps, buyer.accountId)).find((a) => a.id === input.address_id);
  if (!found) {
    problems.add('address_id', 'not_found');
    return null;
  }
  return {
    name: found.name, phone_number: found.phone, country_code: found.countryCode, prov_id: found.provId, city_id: found.cityId,
    area_id: found.areaId, region_text: found.regionText, address: found.address, postcode: found.postcode,
  };
}
