import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionResponse, collectionsQuery, collectionsResponse, createCollectionRequest, COLLECTIONS_API } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { collect, listCollections, uncollect } from './collections.ts';

const tags = ['community'];

/** A guest is 401 before the body is looked at: the web opens the sign-in popup. */
async function signedIn(request: Parameters<typeof requireAuth>[0]) {
  requireAuth(request);
}

/** Collections (docs/product/people.md#collections): every call is the signed-in account's own. */
export const collectionsRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(COLLECTIONS_API.collections, { preValidation: signedIn, schema: { tags, querystring: collectionsQuery, response: { 200: collectionsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const q = request.query;
    return listCollections(deps, requireAuth(request).accountId, q.q?.accessible_type_eq, q.page, q.per);
  });
  app.post(COLLECTIONS_API.collections, { preValidation: signedIn, schema: { tags, body: createCollectionRequest, response: { 201: collectionResponse } } }, async (request, reply) => {
    const { accessible_type, accessible_id } = request.body.collection;
    return reply.status(201).send(await collect(deps, requireAuth(request).accountId, accessible_type, accessible_id));
  });
  app.delete(COLLECTIONS_API.collection(':id'), { preValidation: signedIn, schema: { tags, params: idParams } }, async (request, reply) => {
    await uncollect(deps, requireAuth(request).accountId, request.params.id);
    return reply.status(204).send();
  });
};
