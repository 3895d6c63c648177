import type { CollectableType } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';

/** What a collection shows of its target. */
export interface CollectableFacts {
  title: string;
  summary: string;
  /** The web page of the target. */
  path: string;
}

/** A collectable type's loader: the visible targets among ids (missing = gone, hidden, or never there). */
export interface Collectable {
  load(deps: Deps, ids: readonly number[]): Promise<Map<number, CollectableFacts>>;
}

const collectables = new Map<CollectableType, Collectable>();

/**
 * Registers (or replaces) the loader of a collectable type; the owning module calls it from its `setup` — the
 * community its posts now, the headlines module its headlines when it comes — so this module imports neither.
 */
export function registerCollectable(type: CollectableType, collectable: Collectable): void {
  collectables.set(type, collectable);
}

/** The visible targets of one type among ids; an unregistered type has none. */
export async function loadCollectables(deps: Deps, type: CollectableType, ids: readonly number[]): Promise<Map<number, CollectableFacts>> {
  const collectable = collectables.get(type);
  if (!collectable || ids.length === 0) return new Map();
  return collectable.load(deps, [...new Set(ids)]);
}
