import { z } from 'zod';
import { listMeta } from './common.ts';
import { categoryRef, skuSummary, tagRef } from './catalog.ts';
import { layoutContent } from './storefront.ts';

/** GET /api/peripheral/nav_items: the peripheral shop's navigation tags, in order. */
export const navItemsResponse = z.object({ nav_items: z.array(tagRef) });

/** GET /api/peri_home and /api/peripheral: banners, navigation, categories and featured rows. */
export const periHomeResponse = z.object({
  banners: z.array(layoutContent),
  nav_items: z.array(tagRef),
  categories: z.array(categoryRef),
  sections: z.array(z.object({ tag: tagRef, skus: z.array(skuSummary) })),
});
export type PeriHomeResponse = z.infer<typeof periHomeResponse>;

/** GET /api/peripheral/peri_tags/{id}: the products under one navigation tag. */
export const periTagResponse = z.object({ tag: tagRef, skus: z.array(skuSummary), meta: listMeta });
