import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { isPhoneValid, normalizePhone, isValidDistrictPath, type Site } from '@lantern/domain';
import type { AddressInput, DetailedAddress, Districts } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { detailedAddresses } from './tables.ts';

/** A generous book, and a bound that keeps one account from filling a table. */
export const ADDRESS_LIMIT = 20;

type Row = typeof detailedAddresses.$inferSelect;

function named(index: Map<string, string>, id: string | null) {
  return id ? { id, name: index.get(id) ?? '' } : null;
}

export function presentAddress(row: Row, names: Map<string, string>): DetailedAddress {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phone,
    country_code: row.countryCode,
    prov: named(names, row.provId),
    city: named(names, row.cityId),
    area: named(names, row.areaId),
    region_text: row.regionText,
    address: row.address,
    postcode: row.postcode,
    is_default: row.isDefault,
  };
}

/**
 * Checks an address against the site's rules: a mainland address needs a real province → city → district
 * path from GET /districts; an international one a known country and a region text.
 */
function validate(site: Site, districts: Districts, full: AddressInput) {
  const errors = new FieldErrorList();
  const country = (full.country_code ?? (site.area === 'native' ? 'CN' : '')).toUpperCase();
  const phoneArea = country === 'CN' ? 'native' : 'abroad';
  if (!isPhoneValid(normalizePhone(full.phone_number, phoneArea), phoneArea)) errors.add('phone_number', 'invalid');
  if (country === 'CN') {
    if (!full.prov_id) errors.add('prov_id', 'blank');
    if (!full.city_id) errors.add('city_id', 'blank');
    if (!full.area_id) errors.add('area_id', 'blank');
    if (full.prov_id && full.city_id && full.area_id && !isValidDistrictPath(districts, full.prov_id, full.city_id, full.area_id)) {
      errors.add('area_id', 'invalid');
    }
  } else {
    if (!country) errors.add('country_code', 'blank');
    else if (!districts.countries.some((c) => c.code === country)) errors.add('country_code', 'invalid');
    if (!full.region_text?.trim()) errors.add('region_text', 'blank');
  }
  errors.throwIfAny();
  return { country, phone: normalizePhone(full.phone_number, phoneArea) };
}

async function clearOtherDefaults(tx: DbOrTx, accountId: number, keepId: number) {
  await tx.update(detailedAddresses).set({ isDefault: false }).where(and(eq(detailedAddresses.accountId, accountId), ne(detailedAddresses.id, keepId)));
}

/** The account's default address (else its first), in the caller's transaction: where a prize it won ships to. */
export async function defaultAddressOf(db: DbOrTx, accountId: number) {
  const [row] = await db.select().from(detailedAddresses).where(eq(detailedAddresses.accountId, accountId))
    .orderBy(desc(detailedAddresses.isDefault), asc(detailedAddresses.id)).limit(1);
  return row ?? null;
}

export async function listAddresses(deps: Deps, accountId: number) {
  return deps.db
    .select()
    .from(detailedAddresses)
    .where(eq(detailedAddresses.accountId, accountId))
    .orderBy(desc(detailedAddresses.isDefault), asc(detailedAddresses.id));
}

export async function createAddress(deps: Deps, site: Site, districts: Districts, accountId: number, input: AddressInput) {
  const { country, phone } = validate(site, districts, input);
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(detailedAddresses).where(eq(detailedAddresses.accountId, accountId));
    if ((existing?.n ?? 0) >= ADDRESS_LIMIT) throw fail.unprocessable('base', 'out_limit', { limit: ADDRESS_LIMIT });
    const isDefault = input.is_default ?? (existing?.n ?? 0) === 0;
    const [row] = await tx
      .insert(detailedAddresses)
      .values({
        accountId,
        name: input.name.trim(),
        phone,
        countryCode: country,
        provId: country === 'CN' ? input.prov_id! : null,
        cityId: country === 'CN' ? input.city_id! : null,
        areaId: country === 'CN' ? input.area_id! : null,
        regionText: input.region_text?.trim() ?? '',
        address: input.address.trim(),
        postcode: input.postcode?.trim() ?? '',
        isDefault,
      })
      .returning();
    if (isDefault) await clearOtherDefaults(tx, accountId, row!.id);
    return row!;
  });
}

export async function updateAddress(deps: Deps, site: Site, districts: Districts, accountId: number, id: number, input: Partial<AddressInput>) {
  const [current] = await deps.db.select().from(detailedAddresses).where(and(eq(detailedAddresses.id, id), eq(detailedAddresses.accountId, accountId)));
  if (!current) throw fail.notFound();
  const merged: AddressInput = {
    name: input.name ?? current.name,
    phone_number: input.phone_number ?? current.phone,
    country_code: input.country_code ?? current.countryCode,
    prov_id: input.prov_id ?? current.provId ?? undefined,
    city_id: input.city_id ?? current.cityId ?? undefined,
    area_id: input.area_id ?? current.areaId ?? undefined,
    region_text: input.region_text ?? current.regionText,
    address: input.address ?? current.address,
    postcode: input.postcode ?? current.postcode,
    is_default: input.is_default ?? current.isDefault,
  };
  const { country, phone } = validate(site, districts, merged);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(detailedAddresses)
      .set({
        name: merged.name.trim(),
        phone,
        countryCode: country,
        provId: country === 'CN' ? merged.prov_id! : null,
        cityId: country === 'CN' ? merged.city_id! : null,
        areaId: country === 'CN' ? merged.area_id! : null,
        regionText: merged.region_text?.trim() ?? '',
        address: merged.address.trim(),
        postcode: merged.postcode?.trim() ?? '',
        isDefault: merged.is_default ?? false,
      })
      .where(eq(detailedAddresses.id, id))
      .returning();
    if (row!.isDefault) await clearOtherDefaults(tx, accountId, id);
    return row!;
  });
}

export async function deleteAddress(deps: Deps, accountId: number, id: number) {
  const deleted = await deps.db.delete(detailedAddresses).where(and(eq(detailedAddresses.id, id), eq(detailedAddresses.accountId, accountId))).returning();
  if (deleted.length === 0) throw fail.notFound();
}
