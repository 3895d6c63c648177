import type { Area, ShareTargetType } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';

/** What a shared page's link preview shows. */
export interface SharePreview {
  title: string;
  description: string;
  /** A picture of it (a cover), as a site-relative or absolute URL. */
  image?: string | null;
}

/**
 * What a page's target is on a site: its preview when it is shown there, `gone` when it was there and was
 * removed for good (a deleted post, talk or article: the page answers 410), null when it is not there at all
 * (never was, another site's, or not shown: 404).
 */
export type SharedPageState = SharePreview | 'gone' | null;

/** A type's preview loader: the visible target's words on the site of `area`, or why there are none. */
export type PreviewLoader = (deps: Deps, id: number, area: Area) => Promise<SharedPageState>;

const loaders = new Map<ShareTargetType, PreviewLoader>();

/** Registers a shared page's preview; the module owning the type calls it from its `setup`. */
export function registerSharePreview(type: ShareTargetType, loader: PreviewLoader): void {
  loaders.set(type, loader);
}

/**
 * A shared page's target as the site of `area` shows it (docs/product/people.md#share): what its link preview
 * and the page's title carry, or whether it was removed. A type nobody registered is not there.
 */
export async function sharedPageState(deps: Deps, type: ShareTargetType, id: number, area: Area): Promise<SharedPageState> {
  const loader = loaders.get(type);
  return loader ? loader(deps, id, area) : null;
}
