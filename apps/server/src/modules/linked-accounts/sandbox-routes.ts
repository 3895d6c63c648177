import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { SandboxOAuth } from '../../platform/linked-accounts/oauth.ts';
import { SandboxSteamOpenId } from '../../platform/linked-accounts/steam.ts';
import { oauthAuthorizePage, steamLoginPage } from './sandbox-pages.ts';
import { errorAnswer } from '../../platform/errors.ts';

/** The pages post only back to themselves, run no script and may not be framed. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};
const sendPage = (reply: FastifyReply, html: string) => reply.status(200).headers(PAGE_HEADERS).send(html);

function acceptForms(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

const text = (max: number) => z.string().min(1).max(max);

/**
 * The sandbox providers' own sign-in pages (decisions/0024), registered only while a provider is the sandbox.
 * They stand for Steam's and WeChat's sites: they ignore the store's cookies, and send the browser back only to
 * an address of this site.
 */
export const linkedAccountSandboxRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const { steamOpenId, oauth } = deps.linkedAccounts;
  if (!(steamOpenId instanceof SandboxSteamOpenId) && !(oauth.wechat instanceof SandboxOAuth) && !(oauth.weibo instanceof SandboxOAuth)) return;
  acceptForms(app);
  app.addHook('onRequest', async (request) => {
    request.cookies = {};
  });
  const onThisSite = (area: 'native' | 'abroad', url: string) => url.startsWith(`${deps.config.siteUrls[area]}/`);
  const schema = { hide: true };

  if (steamOpenId instanceof SandboxSteamOpenId) {
    app.get('/sandbox/steam/openid/login', { schema: { ...schema, querystring: z.object({ 'openid.return_to': text(1000), 'openid.realm': text(300) }).passthrough() } }, async (request, reply) => {
      if (!onThisSite(request.site.area, request.query['openid.return_to'])) return reply.status(400).send(errorAnswer(request, { return_to: ['invalid'] }));
      return sendPage(reply, steamLoginPage({ returnTo: request.query['openid.return_to'], realm: request.query['openid.realm'] }));
    });
    app.post('/sandbox/steam/openid/login', { schema: { ...schema, body: z.object({ return_to: text(1000), realm: text(300), steam_id: z.string().regex(/^7656119\d{10}$/) }) } }, async (request, reply) => {
      const origin = deps.config.siteUrls[request.site.area];
      if (!onThisSite(request.site.area, request.body.return_to)) return reply.status(400).send(errorAnswer(request, { return_to: ['invalid'] }));
      const assertion = steamOpenId.assert(origin, request.body.return_to, request.body.steam_id, deps.clock.now());
      const url = new URL(request.body.return_to);
      for (const [k, v] of Object.entries(assertion)) url.searchParams.set(k, v);
      return reply.redirect(url.toString(), 302);
    });
  }

  const kinds = z.object({ kind: z.enum(['wechat', 'weibo']) });
  app.get('/sandbox/oauth/:kind/authorize', { schema: { ...schema, params: kinds, querystring: z.object({ redirect_uri: text(1000), state: text(200) }) } }, async (request, reply) => {
    if (!(oauth[request.params.kind] instanceof SandboxOAuth) || !onThisSite(request.site.area, request.query.redirect_uri)) return reply.status(400).send(errorAnswer(request, { redirect_uri: ['invalid'] }));
    return sendPage(reply, oauthAuthorizePage(request.params.kind, { redirectUri: request.query.redirect_uri, state: request.query.state }));
  });
  app.post('/sandbox/oauth/:kind/authorize', { schema: { ...schema, params: kinds, body: z.object({ redirect_uri: text(1000), state: text(200), external_id: text(64), display_name: text(40) }) } }, async (request, reply) => {
    const provider = oauth[request.params.kind];
    if (!(provider instanceof SandboxOAuth) || !onThisSite(request.site.area, request.body.redirect_uri)) return reply.status(400).send(errorAnswer(request, { redirect_uri: ['invalid'] }));
    const code = await provider.issueCode(request.body.redirect_uri, request.body.external_id, request.body.display_name);
    const url = new URL(request.body.redirect_uri);
    url.searchParams.set('code', code);
    url.searchParams.set('state', request.body.state);
    return reply.redirect(url.toString(), 302);
  });
};
