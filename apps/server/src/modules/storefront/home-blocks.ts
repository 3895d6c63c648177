import type { HomeResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Viewer } from '../../platform/viewer.ts';

/**
 * The store home's blocks that other modules own: flash sales, coupon areas, point-redeem draws and headlines. Those
 * modules sit above the storefront (they sell through orders), so the storefront cannot import them; each
 * provides its block at set-up instead, as orders' presentation sources do. A block nobody provides is an
 * empty list, and the web renders no section for it.
 *
 * The home answer is shared by every viewer of a site and region and cached for a few seconds
 * (`cachedHome`), so a block must not depend on who asks: per-viewer state (a coupon already claimed) and
 * live counters (flash-sale stock) are read by the web from their own calls.
 */
export const HOME_BLOCKS = ['seckills', 'coupon_areas', 'point_redeems', 'headlines'] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];
/** A block's entries in the shape the home answer gives them (the contract's type for that block). */
export type HomeBlockEntries = { [B in HomeBlock]: HomeResponse[B] };
/** Loads one block of the store home for a viewer: the module that owns the block's rows provides it at set-up; a block nobody provides is empty. */
export type HomeBlockLoader<B extends HomeBlock = HomeBlock> = (deps: Deps, viewer: Viewer) => Promise<HomeBlockEntries[B]>;

const loaders = new Map<HomeBlock, HomeBlockLoader>();

export function provideHomeBlock<B extends HomeBlock>(block: B, load: HomeBlockLoader<B>): void {
  loaders.set(block, load as HomeBlockLoader);
}

/** Every block, loaded in parallel; one that fails answers empty rather than taking the whole home down. */
export async function loadHomeBlocks(deps: Deps, viewer: Viewer): Promise<HomeBlockEntries> {
  const entries = await Promise.all(
    HOME_BLOCKS.map(async (block): Promise<[HomeBlock, unknown[]]> => {
      const load = loaders.get(block);
      if (!load) return [block, []];
      try {
        return [block, await load(deps, viewer)];
      } catch (error) {
        deps.log.error({ err: error, block }, 'a home block failed to load; the home shows it empty');
        return [block, []];
      }
    }),
  );
  return Object.fromEntries(entries) as HomeBlockEntries;
}
