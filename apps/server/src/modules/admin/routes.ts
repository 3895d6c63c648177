import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCouponRequest, coupon, importKeysQuery, importKeysRequest, importKeysResult, issueRedeemCodesRequest, issuedRedeemCodes, keyStock, purchaseBanRequest, purchaseBanState,
  shipment, updateShipmentRequest,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../catalog/params.ts';
import { importKeys, keyStock as readKeyStock, parseCodesText } from '../keys/index.ts';
import { updateShipment } from '../orders/index.ts';
import { issueCodesForStaff } from '../redeem/staff-issue.ts';
import { setPurchaseBan } from '../accounts/purchase-ban.ts';
import { createCoupon } from '../coupons/definitions.ts';
import { requireStaff } from './policy.ts';

const tags = ['admin'];
/** A file of 20 000 keys with a few columns fits in this. */
const KEY_FILE_LIMIT = 4 * 1024 * 1024;

/** Staff tools: key pools (import, stock), shipments of physical orders, redeem codes, coupons and purchase bans. */
export const adminRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // A key file may be posted as it is; text/plain already arrives as a string.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: KEY_FILE_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/api/admin/skus/:id/keys', {
    bodyLimit: KEY_FILE_LIMIT,
    schema: { tags, params: idParams, querystring: importKeysQuery, body: z.union([importKeysRequest, z.string()]), response: { 201: importKeysResult } },
  }, async (request, reply) => {
    const { accountId } = await requireStaff(deps, request);
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

  app.get('/api/admin/skus/:id/keys/stock', { schema: { tags, params: idParams, response: { 200: keyStock } } }, async (request) => {
    await requireStaff(deps, request);
    return readKeyStock(deps, request.params.id);
  });

  app.patch('/api/admin/orders/:id/shipment', { schema: { tags, params: idParams, body: updateShipmentRequest, response: { 200: shipment } } }, async (request) => {
    await requireStaff(deps, request);
    return updateShipment(deps, request.params.id, request.body.shipment);
  });

  app.post('/api/admin/redeem_codes', { schema: { tags, body: issueRedeemCodesRequest, response: { 201: issuedRedeemCodes } } }, async (request, reply) => {
    await requireStaff(deps, request);
    return reply.status(201).send(await issueCodesForStaff(deps, request.body.redeem_codes));
  });

  app.patch('/api/admin/accounts/:id/purchase_ban', { schema: { tags, params: idParams, body: purchaseBanRequest, response: { 200: purchaseBanState } } }, async (request) => {
    await requireStaff(deps, request);
    return setPurchaseBan(deps, request.params.id, request.body.purchase_ban.banned);
  });

  app.post('/api/admin/coupons', { schema: { tags, body: createCouponRequest, response: { 201: coupon } } }, async (request, reply) => {
    await requireStaff(deps, request);
    return reply.status(201).send(await createCoupon(deps, request.body.coupon));
  });
};
