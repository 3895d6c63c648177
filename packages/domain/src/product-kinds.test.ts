import { describe, expect, it } from 'vitest';
import { GAME_KINDS, KEYED_KINDS, PRODUCT_KINDS, hasCommunityGroup, isGameKind, isKeyedKind, lacksBaseGame } from './product-kinds.ts';
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

describe('lacksBaseGame', () => {
  const dlc = { kind: 'dlc', baseProductId: 7 };
  const none = new Set<number>();
  it('refuses a DLC whose base is neither owned nor bought with it', () => {
    expect(lacksBaseGame(dlc, none, none)).toBe(true);
    expect(lacksBaseGame(dlc, new Set([8]), new Set([9]))).toBe(true);
  });
  it('accepts it when the base is owned, or in the same order or cart', () => {
    expect(lacksBaseGame(dlc, new Set([7]), none)).toBe(false);
    expect(lacksBaseGame(dlc, none, new Set([7]))).toBe(false);
  });
  it('never applies to a game, or to a DLC without a base', () => {
    expect(lacksBaseGame({ kind: 'game', baseProductId: 7 }, none, none)).toBe(false);
    expect(lacksBaseGame({ kind: 'dlc', baseProductId: null }, none, none)).toBe(false);
  });
});
