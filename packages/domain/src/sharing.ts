import type { Area } from './sites.ts';

/**
 * Collections and sharing (docs/product/people.md#collections, #share). Pure rules for the server's
 * `collections` and `share` modules and the web.
 */

/** What can be collected: headlines and posts (the spec's "Headline or post"). */
export const COLLECTABLE_TYPES = ['Post', 'Headline'] as const;
export type CollectableType = (typeof COLLECTABLE_TYPES)[number];

/** Ours (decisions/0023): the most items one account keeps collected; past it `collection: out_limit`. */
export const COLLECTIONS_MAX = 5000;
export const COLLECTIONS_PAGE_SIZE = 10;

/** What can be shared, and the web page each opens. */
export const SHARE_TARGET_TYPES = ['Post', 'Talk', 'Headline'] as const;
export type ShareTargetType = (typeof SHARE_TARGET_TYPES)[number];

const SHARE_PATHS: Record<ShareTargetType, (id: number) => string> = {
  Post: (id) => `/posts/${id}`,
  Talk: (id) => `/talks/${id}`,
  Headline: (id) => `/headlines/${id}`,
};

/**
 * The link a share gives (docs/product/people.md#share): the page of the target on the site named by
 * `target_data.area` — the site the sharer means the reader to land on — or the sharer's own site without one.
 */
export function shareUrl(siteUrls: Record<Area, string>, type: ShareTargetType, id: number, area: Area): string {
  return `${siteUrls[area].replace(/\/+$/, '')}${SHARE_PATHS[type](id)}`;
}
