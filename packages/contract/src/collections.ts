import { z } from 'zod';
import { COLLECTABLE_TYPES, COLLECTIONS_PAGE_SIZE, SHARE_TARGET_TYPES } from '@lantern/domain';
import { area, listMeta, pagingQuery, timestamp } from './common.ts';

/** Collections of headlines and posts, and sharing (docs/product/people.md#collections, #share). */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const collectableType = z.enum(COLLECTABLE_TYPES);

export const collectionsQuery = pagingQuery(COLLECTIONS_PAGE_SIZE, 50).extend({
  q: z.object({ accessible_type_eq: collectableType.optional() }).optional(),
});
/** What a collected item shows; null when it is gone (deleted, hidden) — the entry stays until removed. */
export const collectedTarget = z.object({ title: z.string(), summary: z.string(), path: z.string() });
export const collection = z.object({
  id: z.number().int(),
  accessible_type: collectableType,
  accessible_id: z.number().int(),
  target: collectedTarget.nullable(),
  created_at_timestamp: timestamp,
});
export type Collection = z.infer<typeof collection>;
export const collectionsResponse = z.object({ collections: z.array(collection), meta: listMeta });
export type CollectionsResponse = z.infer<typeof collectionsResponse>;
export const createCollectionRequest = z.object({ collection: z.object({ accessible_type: collectableType, accessible_id: id }) });
export const collectionResponse = z.object({ collection });

export const shareTargetType = z.enum(SHARE_TARGET_TYPES);
export const shareRequest = z.object({
  share: z.object({
    target_type: shareTargetType,
    target_id: id,
    /** The site the link should open; the sharer's own without it. */
    target_data: z.object({ area: area.optional() }).optional(),
  }),
});
export const shareResponse = z.object({
  share: z.object({ target_type: shareTargetType, target_id: z.number().int(), area, url: z.string() }),
});
export type ShareResponse = z.infer<typeof shareResponse>;

export { COLLECTIONS_API } from './paths/collections.ts';
