import { isGameKind } from '@lantern/domain';

/**
 * The word for a product shared in a message, by its kind: a game (its DLC and bundles too), merch (a
 * peripheral: a hoodie is not "a game"), or an item (a virtual good, or one this site no longer sells).
 */
export function sharedProductLabel(kind: string | null): 'conversations.game_label' | 'conversations.merch_label' | 'conversations.item_label' {
  if (kind !== null && isGameKind(kind)) return 'conversations.game_label';
  return kind === 'peripheral' ? 'conversations.merch_label' : 'conversations.item_label';
}
