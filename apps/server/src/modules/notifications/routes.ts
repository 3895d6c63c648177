import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_KINDS } from '@lantern/domain';
import {
  createBroadcastRequest, createBroadcastResponse, markReadRequest, markReadResponse, NOTIFICATIONS_API, notificationServiceResponse,
  notificationSettingsRequest, notificationSettingsResponse, notificationsQuery, notificationsResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { broadcastsFor, createBroadcast, markBroadcastsRead } from './broadcasts.ts';
import { countersOf } from './counters.ts';
import { listNotifications, markRead } from './reading.ts';
import { settingsOf, updateSettings } from './settings.ts';

const tags = ['messages'];
const noStore = { 'cache-control': 'private, no-store' };
const signedIn = async (request: Parameters<typeof requireAuth>[0]) => {
  requireAuth(request);
};

/** The notification centre (docs/product/messaging.md#notifications): every route is the signed-in account's own. */
export const notificationRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(NOTIFICATIONS_API.messages, { preValidation: signedIn, schema: { tags, querystring: notificationsQuery, response: { 200: notificationsResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const { page, per, q } = request.query;
    const kind = q?.where?.kind;
    return listNotifications(deps, requireAuth(request).accountId, kind === undefined ? undefined : Array.isArray(kind) ? kind : [kind], page, per);
  });

  app.get(NOTIFICATIONS_API.service, { preValidation: signedIn, schema: { tags, response: { 200: notificationServiceResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const accountId = requireAuth(request).accountId;
    const broadcasts = await broadcastsFor(deps, accountId, request.site.area);
    const [counters, settings] = await Promise.all([countersOf(deps.db, accountId, broadcasts.unread), settingsOf(deps, accountId)]);
    return { kinds: [...NOTIFICATION_KINDS], broadcasts: broadcasts.broadcasts, read_broadcasts: broadcasts.readIds, counters, settings };
  });

  app.patch(NOTIFICATIONS_API.service, { preValidation: signedIn, schema: { tags, body: markReadRequest, response: { 200: markReadResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const accountId = requireAuth(request).accountId;
    const body = request.body;
    const named = [body.ids, body.kinds, body.all ? true : undefined, body.broadcast_ids].filter((v) => v !== undefined).length;
    if (named === 0) throw fail.unprocessable('ids', 'blank');
    if (body.all) await markRead(deps, accountId, { all: true });
    else {
      if (body.ids) await markRead(deps, accountId, { ids: body.ids });
      if (body.kinds) await markRead(deps, accountId, { kinds: body.kinds });
    }
    if (body.broadcast_ids) await markBroadcastsRead(deps, accountId, request.site.area, body.broadcast_ids);
    const broadcasts = await broadcastsFor(deps, accountId, request.site.area);
    return { counters: await countersOf(deps.db, accountId, broadcasts.unread), read_broadcasts: broadcasts.readIds };
  });

  app.post(NOTIFICATIONS_API.settings, { preValidation: signedIn, schema: { tags: ['accounts'], body: notificationSettingsRequest, response: { 200: notificationSettingsResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const settings = await updateSettings(deps, requireAuth(request).accountId, request.body.accounts_notification);
    return { accounts_notification: { kinds: { ...settings.kinds }, email_digest: settings.email_digest } };
  });
};

/** Staff announce to everyone on a site or both (decisions/0027). */
export const notificationStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post(NOTIFICATIONS_API.adminBroadcasts, { schema: { tags: ['admin'], body: createBroadcastRequest, response: { 201: createBroadcastResponse } } }, async (request, reply) =>
    reply.status(201).send(await createBroadcast(deps, request.body.broadcast)));
};
