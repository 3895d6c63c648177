import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notice, noticesQuery, noticesResponse, versionInfosQuery, versionInfosResponse, versionReleasesQuery, versionReleasesResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { listNotices, readNotice } from './notices.ts';
import { listVersionInfos, listVersionReleases } from './versions.ts';

const tags = ['notices'];

/** Notices and version progress (docs/product/notices.md): public reads, the same for guests and members. */
export const noticeRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/notices', { schema: { tags, querystring: noticesQuery, response: { 200: noticesResponse } } }, async (request) => {
    const { page, per, q } = request.query;
    return listNotices(deps, request.site.area, { page, per, kind: q?.kind_eq });
  });

  app.get('/api/notices/:id', { schema: { tags, params: idParams, response: { 200: notice } } }, async (request) =>
    readNotice(deps, request.site.area, request.params.id));

  app.get('/api/version_infos', { schema: { tags, querystring: versionInfosQuery, response: { 200: versionInfosResponse } } }, async (request) => {
    const { page, per, q } = request.query;
    return listVersionInfos(deps, { page, per, status: q?.status_eq });
  });

  app.get('/api/version_releases', { schema: { tags, querystring: versionReleasesQuery, response: { 200: versionReleasesResponse } } }, async (request) =>
    listVersionReleases(deps, request.query.q?.version_info_id_eq ?? request.query.version_info_id));
};
