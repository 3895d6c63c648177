import { describe, expect, it } from 'vitest';
import { isPurchaseBlocked } from './purchase.ts';

describe('isPurchaseBlocked (docs/product/buying.md#purchase-blocked)', () => {
  it('lets the mainland site sell to the mainland and Hong Kong only', () => {
    expect(isPurchaseBlocked('native', 'cn')).toBe(false);
    expect(isPurchaseBlocked('native', 'hk')).toBe(false);
    expect(isPurchaseBlocked('native', 'us')).toBe(true);
    expect(isPurchaseBlocked('native', 'jp')).toBe(true);
  });

  it('lets the international site sell everywhere but the mainland', () => {
    expect(isPurchaseBlocked('abroad', 'cn')).toBe(true);
    expect(isPurchaseBlocked('abroad', 'us')).toBe(false);
    expect(isPurchaseBlocked('abroad', 'hk')).toBe(false);
  });

  it('reads country codes in any case', () => {
    expect(isPurchaseBlocked('abroad', 'CN')).toBe(true);
    expect(isPurchaseBlocked('native', 'HK')).toBe(false);
  });

  it('never blocks an address whose country is unknown', () => {
    expect(isPurchaseBlocked('native', null)).toBe(false);
    expect(isPurchaseBlocked('abroad', null)).toBe(false);
  });
});
