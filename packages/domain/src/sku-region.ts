/**
 * Region-locked SKUs (docs/product/catalogue.md#sku-region): a SKU without a region is sold everywhere; one with a region only
 * to users of that region. A product left with no SKU is a 404 for that user.
 */
export interface RegionalSku {
  readonly region?: string | null;
}

function regionOf(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

export function isSkuInRegion(sku: RegionalSku, region: string): boolean {
  const own = regionOf(sku.region);
  return own === '' || own === regionOf(region);
}

export function filterSkusByRegion<T extends RegionalSku>(skus: readonly T[], region: string): T[] {
  return skus.filter((sku) => isSkuInRegion(sku, region));
}

/** A SKU id that is not among the product's SKUs shows the first SKU instead. */
export function resolveRequestedSku<T extends { id: number | string }>(
  skus: readonly T[],
  requestedId: number | string | null | undefined,
): T | undefined {
  return skus.find((sku) => String(sku.id) === String(requestedId)) ?? skus[0];
}
