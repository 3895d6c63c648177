import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentListResponse, homeResponse, layoutContent, springboardResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { sendJson } from '../../platform/send-json.ts';
import { idParams } from '../../platform/params.ts';
import { regionParam, viewerOf } from '../../platform/viewer.ts';
import { getContent, getSpringboard, listCubes, listEllipses } from './home.ts';
import { cachedHome } from './first-screen.ts';

const tags = ['storefront'];
const cubesQuery = regionParam.extend({ kind: z.string().max(64).optional() });

export const homeRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // The home is the same for every viewer of a site and region: served from the short-lived cache as
  // ready bytes, plain or gzipped (validated, serialized and compressed once per cache entry).
  app.get('/api/v7/home', { schema: { tags, querystring: regionParam, response: { 200: homeResponse } } }, async (request, reply) =>
    sendJson(request, reply, (await cachedHome(deps, viewerOf(request, request.query.region))).prepared),
  );

  for (const [path, kind] of [['/api/v7/booths/:id', 'booth'], ['/api/v7/boxes/:id', 'box']] as const) {
    app.get(path, { schema: { tags, params: idParams, querystring: regionParam, response: { 200: layoutContent } } }, async (request) =>
      getContent(deps, viewerOf(request, request.query.region), kind, request.params.id),
    );
  }

  app.get('/api/springboard', { schema: { tags, querystring: regionParam, response: { 200: springboardResponse } } }, async (request) => ({
    springboard: await getSpringboard(deps, viewerOf(request, request.query.region)),
  }));

  app.get('/api/cubes', { schema: { tags, querystring: cubesQuery, response: { 200: contentListResponse } } }, async (request) => ({
    contents: await listCubes(deps, viewerOf(request, request.query.region), request.query.kind),
  }));

  app.get('/api/ellipses', { schema: { tags, querystring: regionParam, response: { 200: contentListResponse } } }, async (request) => ({
    contents: await listEllipses(deps, viewerOf(request, request.query.region)),
  }));
};
