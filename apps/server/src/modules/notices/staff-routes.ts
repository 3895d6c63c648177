import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNoticeRequest, createVersionInfoRequest, createVersionReleaseRequest, staffNotice, staffNoticesQuery, staffNoticesResponse,
  updateNoticeRequest, updateVersionInfoRequest, versionInfo, versionRelease,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import {
  createNotice, createVersionInfo, createVersionRelease, deleteVersionRelease, staffListNotices, updateNotice, updateVersionInfo,
} from './staff.ts';

const tags = ['admin'];

/** Staff write notices and the version progress list (any staff member: neither hands out value). */
export const noticeStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/admin/notices', { schema: { tags, querystring: staffNoticesQuery, response: { 200: staffNoticesResponse } } }, async (request) => {
    const { page, per, q } = request.query;
    return staffListNotices(deps, { page, per, area: q?.area_eq });
  });
  app.post('/api/admin/notices', { schema: { tags, body: createNoticeRequest, response: { 201: staffNotice } } }, async (request, reply) =>
    reply.status(201).send(await createNotice(deps, request.body.notice)));
  app.patch('/api/admin/notices/:id', { schema: { tags, params: idParams, body: updateNoticeRequest, response: { 200: staffNotice } } }, async (request) =>
    updateNotice(deps, request.params.id, request.body.notice));

  app.post('/api/admin/version_infos', { schema: { tags, body: createVersionInfoRequest, response: { 201: versionInfo } } }, async (request, reply) =>
    reply.status(201).send(await createVersionInfo(deps, request.body.version_info)));
  app.patch('/api/admin/version_infos/:id', { schema: { tags, params: idParams, body: updateVersionInfoRequest, response: { 200: versionInfo } } }, async (request) =>
    updateVersionInfo(deps, request.params.id, request.body.version_info));

  app.post('/api/admin/version_releases', { schema: { tags, body: createVersionReleaseRequest, response: { 201: versionRelease } } }, async (request, reply) =>
    reply.status(201).send(await createVersionRelease(deps, request.body.version_release)));
  app.delete('/api/admin/version_releases/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteVersionRelease(deps, request.params.id);
    return reply.status(204).send();
  });
};
