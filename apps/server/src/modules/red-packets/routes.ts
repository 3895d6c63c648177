import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountsRedPacketsQuery, accountsRedPacketsResponse, redPacketEventOpeningsQuery, redPacketEventOpeningsResponse, redPacketEventResponse, redPacketEventsResponse, redPacketOpenResponse, redPacketResponse, redPacketShareResponse, redPacketTakeResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { dbId, idParams } from '../../platform/params.ts';
import { answerShared } from '../../platform/shared-reads.ts';
import { eventOpenings } from './event-openings.ts';
import { openingRush } from './open-rush.ts';
import { listOpenings, liveEvents, newShare, showEvent, showPacket, showShare, takePacket } from './packets.ts';

const tags = ['red_packets'];
const packetParams = z.object({ id: dbId, rid: dbId });
/** A share id is its token: URL-safe base64 of 32 bytes; anything longer is no share. */
const shareParams = packetParams.extend({ sid: z.string().min(1).max(64) });

/** Red packets (docs/product/deals.md#red-packets): the event, taking, sharing, opening, who opened what, the event's latest openings. */
export const redPacketRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const open = openingRush(deps);
  app.get('/api/red_packet_events', { schema: { tags, response: { 200: redPacketEventsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return liveEvents(deps, request.site.area);
  });

  app.get('/api/events/:id', { schema: { tags, params: idParams, response: { 200: redPacketEventResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return showEvent(deps, request.site.area, request.params.id, viewerOf(request).accountId);
  });

  app.post('/api/events/:id/red_packets', { schema: { tags, params: idParams, response: { 201: redPacketTakeResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await takePacket(deps, request.site.area, request.params.id, accountId));
  });

  app.get('/api/events/:id/red_packets/:rid', { schema: { tags, params: packetParams, response: { 200: redPacketResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return showPacket(deps, request.site.area, request.params.id, request.params.rid, viewerOf(request).accountId);
  });

  app.get('/api/events/:id/red_packets/:rid/shares/new', { schema: { tags, params: packetParams, response: { 200: redPacketShareResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return newShare(deps, request.site.area, request.params.id, request.params.rid, accountId);
  });

  app.get('/api/events/:id/red_packets/:rid/shares/:sid', { schema: { tags, params: shareParams, response: { 200: redPacketShareResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return showShare(deps, request.site.area, request.params.id, request.params.rid, request.params.sid, viewerOf(request).accountId);
  });

  app.post('/api/events/:id/red_packets/:rid/shares/:sid/opens', { schema: { tags, params: shareParams, response: { 201: redPacketOpenResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await open(request.site.area, request.params.id, request.params.rid, request.params.sid, accountId));
  });

  app.get('/api/events/:id/accounts_red_packets', { schema: { tags, params: idParams, querystring: accountsRedPacketsQuery, response: { 200: accountsRedPacketsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listOpenings(deps, request.site.area, request.params.id, viewerOf(request).accountId, request.query);
  });

  // Public and the same for every reader of the site: from the shared cache of a few seconds, except for a reader
  // who just wrote (opened a part), who gets it built fresh (platform/shared-reads.ts). Browsers ask again each time.
  app.get('/api/events/:id/openings', { schema: { tags, params: idParams, querystring: redPacketEventOpeningsQuery, response: { 200: redPacketEventOpeningsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const area = request.site.area;
    return answerShared(deps, request, reply, request.auth?.accountId ?? null, {
      key: `red-packet-openings:${area}:${request.params.id}:${request.query.limit}`,
      schema: redPacketEventOpeningsResponse,
      build: () => eventOpenings(deps, area, request.params.id, request.query.limit),
      overlay: (shared) => shared,
    });
  });
};
