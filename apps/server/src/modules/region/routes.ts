import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITES, resolveRegion, type Area } from '@lantern/domain';
import { fetchByRegionResponse, fetchRegionResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';

const regionQuery = z.object({ region: z.string().max(16).optional() });

/** Region and site endpoints (docs/product/README.md#sites-areas-and-regions): the site answers for itself; an unknown region is treated as cn. */
export const regionRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const siteInfo = (area: Area) => ({ area, currency: SITES[area].currency, language: SITES[area].language, url: deps.config.siteUrls[area] });
  const regionOf = (requested: string | undefined, area: Area) => (requested ? resolveRegion(requested) : SITES[area].regionDefault);

  app.get('/api/v1/fetch_region', { schema: { tags: ['region'], querystring: regionQuery, response: { 200: fetchRegionResponse } } }, async (request) => {
    const { area } = request.site;
    const other: Area = area === 'native' ? 'abroad' : 'native';
    return { region: regionOf(request.query.region, area), area, currency: request.site.currency, language: request.site.language, site: siteInfo(area), other_site: siteInfo(other) };
  });

  app.get('/api/v7/fetch_by_region', { schema: { tags: ['region'], querystring: regionQuery, response: { 200: fetchByRegionResponse } } }, async (request) => ({
    region: regionOf(request.query.region, request.site.area),
    area: request.site.area,
    sites: [siteInfo('native'), siteInfo('abroad')],
  }));
};
