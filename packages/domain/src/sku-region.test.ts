import { describe, expect, it } from 'vitest';
import { filterSkusByRegion, isSkuInRegion, resolveRequestedSku } from './sku-region.ts';

describe('SKU region', () => {
  const everywhere = { id: 1, region: null };
  const noField: { id: number; region?: string | null } = { id: 2 };
  const blank = { id: 3, region: '' };
  const cn = { id: 4, region: 'cn' };
  const hk = { id: 5, region: 'HK' };

  it('keeps SKUs without a region or with the user region', () => {
    expect(filterSkusByRegion([everywhere, noField, blank, cn, hk], 'cn')).toEqual([everywhere, noField, blank, cn]);
    expect(filterSkusByRegion([everywhere, noField, blank, cn, hk], 'hk')).toEqual([everywhere, noField, blank, hk]);
    expect(filterSkusByRegion([cn, hk], 'global')).toEqual([]);
    expect(isSkuInRegion(cn, ' CN ')).toBe(true);
  });

  it('shows the first SKU when the requested one is not the product’s', () => {
    expect(resolveRequestedSku([cn, everywhere], 1)).toBe(everywhere);
    expect(resolveRequestedSku([cn, everywhere], '1')).toBe(everywhere);
    expect(resolveRequestedSku([cn, everywhere], 99)).toBe(cn);
    expect(resolveRequestedSku([cn, everywhere], null)).toBe(cn);
    expect(resolveRequestedSku([], 1)).toBeUndefined();
  });
});
