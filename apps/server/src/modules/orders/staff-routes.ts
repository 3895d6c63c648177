import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shipment, updateShipmentRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { updateShipment } from './shipments.ts';

const tags = ['admin'];

/** Staff tools for orders: move a physical order's shipment along (preparing → shipped → delivered). */
export const orderStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.patch('/api/admin/orders/:id/shipment', { schema: { tags, params: idParams, body: updateShipmentRequest, response: { 200: shipment } } }, async (request) =>
    updateShipment(deps, request.params.id, request.body.shipment));
};
