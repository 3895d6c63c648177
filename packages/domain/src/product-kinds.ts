/**
 * What a product is, and what follows from it. One definition for the server's order rules, key
 * delivery, library and key lists, and for the web's cart.
 */
export const PRODUCT_KINDS = ['game', 'dlc', 'bundle', 'virtual', 'peripheral'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * Games, DLC and bundles: activated on a platform with a key, one copy per account. An order holds one
 * unit of each, an account that owns one cannot buy it again, and a paid one joins the library.
 */
export const GAME_KINDS = ['game', 'dlc', 'bundle'] as const satisfies readonly ProductKind[];
export type GameKind = (typeof GAME_KINDS)[number];

/** Kinds delivered as a key or code when paid: the game kinds (platform keys) and virtual goods (one code per unit). */
export const KEYED_KINDS = [...GAME_KINDS, 'virtual'] as const satisfies readonly ProductKind[];
export type KeyedKind = (typeof KEYED_KINDS)[number];

export function isGameKind(kind: string): kind is GameKind {
  return (GAME_KINDS as readonly string[]).includes(kind);
}

export function isKeyedKind(kind: string): kind is KeyedKind {
  return (KEYED_KINDS as readonly string[]).includes(kind);
}

/**
 * Only a game has a community group (docs/product/community.md#groups): a DLC, bundle, virtual good or
 * peripheral has none, so its page does not ask for one.
 */
export function hasCommunityGroup(kind: string): boolean {
  return kind === 'game';
}

/** What decides whether a DLC may be bought: its kind and the product of its base game (null for none). */
export interface BaseGameFacts {
  readonly kind: string;
  readonly baseProductId: number | null;
}

/**
 * A DLC needs its base game (docs/product/buying.md#dlc-base): owned by the account, or bought with it —
 * in the same order, or, for the cart, already in the cart or added in the same change. Anything that is
 * not a DLC with a base never lacks one.
 */
export function lacksBaseGame(item: BaseGameFacts, owned: ReadonlySet<number>, alongside: ReadonlySet<number>): boolean {
  if (item.kind !== 'dlc' || item.baseProductId === null) return false;
  return !owned.has(item.baseProductId) && !alongside.has(item.baseProductId);
}
