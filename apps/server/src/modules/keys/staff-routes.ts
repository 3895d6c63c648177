import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importKeysQuery, importKeysRequest, importKeysResult, keyStock } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { parseCodesText } from './codes-file.ts';
import { importKeys } from './import.ts';
import { keyStock as readKeyStock } from './stock.ts';

const tags = ['admin'];
/** A file of 20 000 keys with a few columns fits in this. */
const KEY_FILE_LIMIT = 4 * 1024 * 1024;

/** Staff tools for key pools: import keys (JSON or a CSV/text file) and read a SKU's stock. */
export const keyStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // A key file may be posted as it is; text/plain already arrives as a string.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: KEY_FILE_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/api/admin/skus/:id/keys', {
    bodyLimit: KEY_FILE_LIMIT,
    schema: { tags, params: idParams, querystring: importKeysQuery, body: z.union([importKeysRequest, z.string()]), response: { 201: importKeysResult } },
  }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const body = request.body;
    const fromFile = typeof body === 'string';
    const result = await importKeys(deps, {
      skuId: request.params.id,
      keyType: fromFile ? request.query.key_type : (body.keys.key_type ?? request.query.key_type),
      codes: fromFile ? parseCodesText(body) : body.keys.codes,
      source: fromFile ? 'csv' : 'api',
      importedBy: accountId,
      note: fromFile ? request.query.note : (body.keys.note ?? request.query.note),
    });
    return reply.status(201).send(result);
  });

  app.get('/api/admin/skus/:id/keys/stock', { schema: { tags, params: idParams, response: { 200: keyStock } } }, async (request) =>
    readKeyStock(deps, request.params.id));
};
