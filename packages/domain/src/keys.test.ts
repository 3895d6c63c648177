import { describe, expect, it } from 'vitest';
import {
  KEY_TYPES, activationTarget, canActivate, factoryError, keyKindOfProduct, keyTypeDesc, keyTypeTitle,
} from './keys.ts';

describe('key titles', () => {
  it('name every platform in both languages', () => {
    for (const type of KEY_TYPES) {
      expect(keyTypeTitle(type).chs).not.toBe('');
      expect(keyTypeTitle(type).en).not.toBe('');
    }
    expect(keyTypeTitle('uplay')).toEqual({ chs: 'Uplay', en: 'Uplay' });
  });

  it('describe a platform key by its platform, and a goods code as a redeem code', () => {
    expect(keyTypeDesc('steam', 'platform_key')).toEqual({ chs: 'Steam 激活码', en: 'Steam key' });
    expect(keyTypeDesc('other', 'platform_key')).toEqual({ chs: '激活码', en: 'Activation key' });
    expect(keyTypeDesc('steam', 'goods_code')).toEqual({ chs: '兑换码', en: 'Redeem code' });
  });
});

describe('key kinds', () => {
  it('are platform keys for games, DLC and bundles, codes for virtual goods, nothing for peripherals', () => {
    expect(['game', 'dlc', 'bundle'].map(keyKindOfProduct)).toEqual(['platform_key', 'platform_key', 'platform_key']);
    expect(keyKindOfProduct('virtual')).toBe('goods_code');
    expect(keyKindOfProduct('peripheral')).toBeNull();
  });
});

describe('activation (docs/product/buying.md#key-activation)', () => {
  it('enables a Uplay key and activates any other', () => {
    expect(activationTarget('uplay')).toBe('enabled');
    for (const type of KEY_TYPES.filter((t) => t !== 'uplay')) expect(activationTarget(type)).toBe('activated');
  });

  it('starts from init or a failure, never again once enabled or activated', () => {
    expect(canActivate('init')).toBe(true);
    expect(canActivate('failed')).toBe(true);
    expect(canActivate('enabled')).toBe(false);
    expect(canActivate('activated')).toBe(false);
  });
});

describe('supplier refusals (docs/product/buying.md#factory-reasons)', () => {
  it('map known reasons to factory_{reason}, others to the generic wait (null)', () => {
    expect(factoryError('out_of_stock')).toBe('factory_out_of_stock');
    expect(factoryError('region_locked')).toBe('factory_region_locked');
    expect(factoryError('teapot')).toBeNull();
  });
});
