import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressesResponse, createAddressRequest, detailedAddress, updateAddressRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { createAddress, deleteAddress, listAddresses, presentAddress, updateAddress } from './addresses.ts';
import { districts } from './districts.ts';

const tags = ['addresses'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const addressRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/districts', { schema: { tags } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('application/json');
    return reply.send(districts().json);
  });

  app.get('/api/me/detailed_addresses', { schema: { tags, response: { 200: addressesResponse } } }, async (request) => {
    const rows = await listAddresses(deps, requireAuth(request).accountId);
    const { names } = districts();
    return { detailed_addresses: rows.map((r) => presentAddress(r, names)), meta: { total_count: rows.length, page: 1, per: rows.length } };
  });

  app.post('/api/me/detailed_addresses', { schema: { tags, body: createAddressRequest, response: { 201: detailedAddress } } }, async (request, reply) => {
    const { tree, names } = districts();
    const row = await createAddress(deps, request.site, tree, requireAuth(request).accountId, request.body.detailed_address);
    return reply.status(201).send(presentAddress(row, names));
  });

  app.patch('/api/me/detailed_addresses/:id', { schema: { tags, params: idParams, body: updateAddressRequest, response: { 200: detailedAddress } } }, async (request) => {
    const { tree, names } = districts();
    const row = await updateAddress(deps, request.site, tree, requireAuth(request).accountId, request.params.id, request.body.detailed_address);
    return presentAddress(row, names);
  });

  app.delete('/api/me/detailed_addresses/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteAddress(deps, requireAuth(request).accountId, request.params.id);
    return reply.status(204).send();
  });
};
