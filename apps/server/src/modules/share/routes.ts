import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareRequest, shareResponse, COLLECTIONS_API } from '@lantern/contract';
import { shareUrl } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { visibleTargetIds } from '../discussion/index.ts';

/**
 * POST /api/share (docs/product/people.md#share): the link to a post, talk or headline on the site
 * `target_data.area` names (the sharer's own without it), from the configured site addresses. A target not
 * seen on that site is 404 `target_id`. Guests may share: a link gives nothing away.
 */
export const shareRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post(COLLECTIONS_API.share, { schema: { tags: ['community'], body: shareRequest, response: { 200: shareResponse } } }, async (request) => {
    const { target_type, target_id, target_data } = request.body.share;
    const area = target_data?.area ?? request.site.area;
    if ((await visibleTargetIds(deps, target_type, [target_id], area)).length === 0) throw fail.notFound('target_id');
    return { share: { target_type, target_id, area, url: shareUrl(deps.config.siteUrls, target_type, target_id, area) } };
  });
};
