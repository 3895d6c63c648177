import { describe, expect, it } from 'vitest';
import { GAME_KINDS, KEYED_KINDS, PRODUCT_KINDS, hasCommunityGroup, isGameKind, isKeyedKind } from './product-kinds.ts';
import { keyKindOfProduct } from './keys.ts';

describe('product kinds', () => {
  it('names every kind a product can be', () => {
    expect(PRODUCT_KINDS).toEqual(['game', 'dlc', 'bundle', 'virtual', 'peripheral']);
  });

  it('counts games, DLC and bundles as game kinds (one copy per account), and nothing else', () => {
    expect(GAME_KINDS).toEqual(['game', 'dlc', 'bundle']);
    expect(PRODUCT_KINDS.filter(isGameKind)).toEqual(['game', 'dlc', 'bundle']);
    expect(isGameKind('virtual')).toBe(false);
    expect(isGameKind('peripheral')).toBe(false);
  });

  it('delivers keys for the game kinds and codes for virtual goods; peripherals are shipped', () => {
    expect(KEYED_KINDS).toEqual(['game', 'dlc', 'bundle', 'virtual']);
    expect(PRODUCT_KINDS.filter(isKeyedKind)).toEqual(['game', 'dlc', 'bundle', 'virtual']);
    expect(isKeyedKind('peripheral')).toBe(false);
  });

  it('agrees with the kind of key each product gets', () => {
    for (const kind of PRODUCT_KINDS) {
      expect(keyKindOfProduct(kind)).toBe(isGameKind(kind) ? 'platform_key' : isKeyedKind(kind) ? 'goods_code' : null);
    }
  });

  it('gives a community group to games only', () => {
    expect(PRODUCT_KINDS.filter(hasCommunityGroup)).toEqual(['game']);
  });
});
