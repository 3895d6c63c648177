import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTalkRequest, forwardTalkRequest, recommendTalksQuery, recommendTalksResponse, talkPageResponse, talkResponse, talksQuery, talksResponse,
  TALKS_API,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { getTalk, listTalks, recommendTalks } from './reads.ts';
import { createTalk, deleteTalk, forwardTalk } from './writes.ts';

const tags = ['community'];
const pattern = (path: (id: string) => string) => path(':id');
const noStore = { 'cache-control': 'private, no-store' };

/** A guest's write is 401 before its body is looked at (the sign-in popup); a forward may come without a body. */
async function signedIn(request: Parameters<typeof requireAuth>[0]) {
  requireAuth(request);
  request.body ??= {};
}

/** Talks (docs/product/people.md#talks). Reads are public but for the feed; every write needs a signed-in account. */
export const talksRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(TALKS_API.talks, { schema: { tags, querystring: talksQuery, response: { 200: talksResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const q = request.query;
    return listTalks(deps, request.auth?.accountId ?? null, { feed: q.feed, accountId: q.q?.account_id_eq, groupId: q.q?.group_id_eq }, q.before_id, q.per);
  });
  app.post(TALKS_API.talks, { preValidation: signedIn, schema: { tags, body: createTalkRequest, response: { 201: talkResponse } } }, async (request, reply) => {
    const created = await createTalk(deps, requireAuth(request).accountId, request.site.area, request.body.talk);
    return reply.status(201).send(created);
  });
  app.get(pattern(TALKS_API.talk), { schema: { tags, params: idParams, response: { 200: talkPageResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    return getTalk(deps, request.auth?.accountId ?? null, request.params.id);
  });
  app.delete(pattern(TALKS_API.talk), { preValidation: signedIn, schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteTalk(deps, requireAuth(request).accountId, request.params.id);
    return reply.status(204).send();
  });
  app.post(pattern(TALKS_API.forwards), { preValidation: signedIn, schema: { tags, params: idParams, body: forwardTalkRequest, response: { 201: talkResponse } } }, async (request, reply) => {
    const created = await forwardTalk(deps, requireAuth(request).accountId, request.site.area, request.params.id, request.body.talk.content);
    return reply.status(201).send(created);
  });
  app.get(TALKS_API.recommend, { schema: { tags, querystring: recommendTalksQuery, response: { 200: recommendTalksResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    return recommendTalks(deps, request.auth?.accountId ?? null, request.query.page, request.query.per);
  });
};
