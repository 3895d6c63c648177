import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesResponse, navItemsResponse, pagingQuery, periHomeResponse, periTagResponse, tagsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { regionParam, viewerOf } from '../../platform/viewer.ts';
import { listCategories, periTags, tagsWithTimestamp } from '../catalog/index.ts';
import { getPeriHome, getPeriTagPage } from './peripheral.ts';

const tags = ['shop'];
/** A product grid of 4 or 3 columns fills evenly with 12. */
const PERI_TAG_PER = 12;
const periTagQuery = regionParam.extend(pagingQuery(PERI_TAG_PER).shape);
const categoriesQuery = z.object({ shop: z.enum(['game', 'peripheral']).optional() });

/** The peripheral shop (docs/product/catalogue.md#peripheral-shop): its home, navigation tags, a tag's products, categories. */
export const shopRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  for (const path of ['/api/peripheral', '/api/peri_home']) {
    app.get(path, { schema: { tags, querystring: regionParam, response: { 200: periHomeResponse } } }, async (request) =>
      getPeriHome(deps, viewerOf(request, request.query.region)),
    );
  }

  app.get('/api/peripheral/nav_items', { schema: { tags, response: { 200: navItemsResponse } } }, async () => ({ nav_items: await periTags(deps.db) }));

  app.get('/api/peripheral/peri_tags/:id', { schema: { tags, params: idParams, querystring: periTagQuery, response: { 200: periTagResponse } } }, async (request) => {
    const viewer = viewerOf(request, request.query.region);
    return getPeriTagPage(deps, viewer, request.params.id, request.query.page, request.query.per);
  });

  app.get('/api/categories', { schema: { tags, querystring: categoriesQuery, response: { 200: categoriesResponse } } }, async (request) => ({
    categories: await listCategories(deps.db, request.query.shop),
  }));

  app.get('/api/peri_tags', { schema: { tags, response: { 200: tagsResponse } } }, async () => tagsWithTimestamp(deps.db, ['peri']));
};
