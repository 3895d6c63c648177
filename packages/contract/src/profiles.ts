import { z } from 'zod';

/**
 * POST /api/backgrounds: the owner sets their personal page's background to one of their own uploaded images
 * (uploaded with `for=background`), or clears it with null (docs/product/personal-pages.md#background).
 */
export const backgroundRequest = z.object({
  background: z.object({ url: z.string().min(1).max(2048).nullable() }),
});
export const backgroundResponse = z.object({ background_url: z.string().nullable() });
export type BackgroundResponse = z.infer<typeof backgroundResponse>;

export { PROFILES_API } from './paths/profiles.ts';
