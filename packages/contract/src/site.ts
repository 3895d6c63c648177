import { z } from 'zod';
import { area, currency, language } from './common.ts';

/** One regional site as a client needs to know it. */
export const siteInfo = z.object({
  area,
  currency,
  language,
  url: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfo>;

/** GET /api/v1/fetch_region: the region of this request and the site that serves it. */
export const fetchRegionResponse = z.object({
  region: z.string(),
  area,
  currency,
  language,
  site: siteInfo,
  other_site: siteInfo,
});
export type FetchRegionResponse = z.infer<typeof fetchRegionResponse>;

/** GET /api/v7/fetch_by_region: both sites, and which one this request is on. */
export const fetchByRegionResponse = z.object({
  region: z.string(),
  area,
  sites: z.array(siteInfo),
});
export type FetchByRegionResponse = z.infer<typeof fetchByRegionResponse>;
