/**
 * Game keys, their delivery and activation (docs/product/buying.md#keys).
 * A key is a platform key (games, DLC, bundles) or a goods code (virtual goods); each carries the
 * platform it activates on, which gives its titles.
 */
export const KEY_TYPES = ['steam', 'uplay', 'epic', 'origin', 'gog', 'other'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export const ACTIVATION_STATUSES = ['init', 'enabled', 'activated', 'failed'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/**
 * Delivery of a paid line's key (docs/product/buying.md#key-delivery): delivered gives the code, pre_ordered a pre state, otherwise
 * ordering; refused when the supplier will not sell it (with its factory_{reason}).
 */
export const KEY_DELIVERY_STATES = ['delivered', 'pre_ordered', 'ordering', 'refused'] as const;
export type KeyDeliveryState = (typeof KEY_DELIVERY_STATES)[number];

/** What a key is (its `kind`): a platform key, or the code of a virtual good. */
export const KEY_KINDS = ['platform_key', 'goods_code'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

export interface KeyTitle {
  chs: string;
  en: string;
}

/** The platform's name, the `games_key_type` title. */
const PLATFORM_TITLES: Record<KeyType, KeyTitle> = {
  steam: { chs: 'Steam', en: 'Steam' },
  uplay: { chs: 'Uplay', en: 'Uplay' },
  epic: { chs: 'Epic', en: 'Epic' },
  origin: { chs: 'Origin', en: 'Origin' },
  gog: { chs: 'GOG', en: 'GOG' },
  other: { chs: '其他平台', en: 'Other platform' },
};

export function keyTypeTitle(keyType: KeyType): KeyTitle {
  return PLATFORM_TITLES[keyType];
}

/** `type_desc`: what the key is, in both languages ("Steam 激活码" / "Steam key"; a goods code is a redeem code). */
export function keyTypeDesc(keyType: KeyType, kind: KeyKind): KeyTitle {
  if (kind === 'goods_code') return { chs: '兑换码', en: 'Redeem code' };
  const title = PLATFORM_TITLES[keyType];
  return keyType === 'other' ? { chs: '激活码', en: 'Activation key' } : { chs: `${title.chs} 激活码`, en: `${title.en} key` };
}

/** Kinds of product sold as keys, and which kind of key each gets. */
export function keyKindOfProduct(productKind: string): KeyKind | null {
  if (productKind === 'game' || productKind === 'dlc' || productKind === 'bundle') return 'platform_key';
  if (productKind === 'virtual') return 'goods_code';
  return null;
}

/**
 * What activating a key aims for (docs/product/buying.md#uplay-keys): a Uplay key is only marked enabled (the player activates it
 * in Uplay; we remember that they did), every other key is activated on its platform.
 */
export function activationTarget(keyType: KeyType): 'enabled' | 'activated' {
  return keyType === 'uplay' ? 'enabled' : 'activated';
}

/** A key can be activated from init, or again after a failure; enabled and activated are final. */
export function canActivate(status: ActivationStatus): boolean {
  return status === 'init' || status === 'failed';
}

/** Supplier refusals the web has a `factory_{reason}` text for; any other is shown as "please wait". */
export const FACTORY_REASONS = ['out_of_stock', 'region_locked', 'not_released', 'unavailable'] as const;
export type FactoryReason = (typeof FACTORY_REASONS)[number];

/** The error a waiting line shows for a supplier refusal: `factory_{reason}` when known, else null (generic wait). */
export function factoryError(reason: string): string | null {
  return (FACTORY_REASONS as readonly string[]).includes(reason) ? `factory_${reason}` : null;
}
