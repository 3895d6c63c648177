import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAYOUT_PACK_BATCH_SIZE } from '@lantern/domain';
import { layoutListResponse, packsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { PreparedJson, sendJson } from '../../platform/send-json.ts';
import { asList, idList } from '../../platform/params.ts';
import { regionParam, viewerOf } from '../../platform/viewer.ts';
import { getPacks, listLayouts } from './layouts.ts';
import { requireLayoutPreview } from './policies.ts';

const tags = ['storefront'];
const layoutsQuery = regionParam.extend({ slug: z.string().max(64).optional() });
const packsQuery = regionParam.extend({ ids: idList });

/** Custom layouts and their packs, and the staff preview variants that include drafts (docs/product/catalogue.md#custom-layouts-and-layout-packs). */
export const layoutRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  for (const preview of [false, true]) {
    const suffix = preview ? '/preview' : '';

    app.get(`/api/custom/layouts${suffix}`, { schema: { tags, querystring: layoutsQuery, response: { 200: layoutListResponse } } }, async (request) => {
      if (preview) requireLayoutPreview(request);
      return listLayouts(deps, viewerOf(request, request.query.region), { preview, slug: request.query.slug });
    });

    /** The web merges pack ids into batches of at most 30 (docs/product/catalogue.md#layout-packs); a longer batch is refused as out_limit. */
    // Published packs are the same for every viewer of a site and region: the home's batches come from the
    // short-lived shared cache as ready bytes, plain or gzipped. The staff preview is built fresh.
    app.get(`/api/custom/packs${suffix}`, { schema: { tags, querystring: packsQuery, response: { 200: packsResponse } } }, async (request, reply) => {
      if (preview) requireLayoutPreview(request);
      const ids = [...new Set(asList(request.query.ids))];
      if (ids.length > LAYOUT_PACK_BATCH_SIZE) throw fail.unprocessable('ids', 'out_limit', { limit: LAYOUT_PACK_BATCH_SIZE });
      const viewer = viewerOf(request, request.query.region);
      if (preview) return { packs: await getPacks(deps, viewer, ids, { preview }) };
      const prepared = await deps.cache.get(`packs:${viewer.area}:${viewer.region}:${ids.join(',')}`, async () =>
        new PreparedJson(JSON.stringify(packsResponse.parse({ packs: await getPacks(deps, viewer, ids, { preview }) }))),
      );
      return sendJson(request, reply, prepared);
    });
  }
};
