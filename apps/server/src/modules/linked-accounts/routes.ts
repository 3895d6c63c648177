import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountAchievementsResponse, bindOAuthRequest, bindOAuthResponse, oauthPlatformKind, startLinkQuery, startLinkResponse, steamCallbackQuery, steamFriendsResponse, steamGamesResponse,
  steamPlatformResponse, steamReviewsOfAccountQuery, steamReviewsOfAccountResponse, steamSignInResponse, unbindQuery,
} from '@lantern/contract';
import { LINK_STATE_TTL_SECONDS, safeReturnPath, type PlatformKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { ensureCsrfCookie, requireAuth, setSessionCookies, setSiteCookie } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { idParams } from '../../platform/params.ts';
import type { OAuthKind } from '../../platform/linked-accounts/oauth.ts';
import { signInVouchedAccount } from '../accounts/index.ts';
import { finishOAuthLink, finishSteamLink, finishSteamSignIn, LINKED_ACCOUNTS_PAGE, platformsFor, startLink, unbind } from './links.ts';
import { runBindFollowUps } from './follow-ups.ts';
import { steamFriends, steamGames, steamPlatform } from './steam-data.ts';
import { accountAchievements, accountSteamReviews } from './steam-stats.ts';

const tags = ['linked-accounts'];
/** The browser that started a binding keeps its nonce here; the provider's answer must come back to it. */
export const LINK_NONCE_COOKIE = 'lantern_link_nonce';

const withQuery = (path: string, key: string, value: string) => `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
/** A browser navigating (Steam's redirect) is sent back to the page with the reason; an API client gets the 4xx. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** Linked accounts (docs/product/linked-accounts.md): start and finish bindings, unbind, Steam data and friends. */
export const linkedAccountRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const origin = (request: FastifyRequest) => deps.config.siteUrls[request.site.area];

  async function start(request: FastifyRequest, reply: FastifyReply, kind: PlatformKind, query: z.infer<typeof startLinkQuery>, signIn = false) {
    const accountId = signIn ? null : requireAuth(request).accountId;
    const started = await startLink(deps, accountId, kind, origin(request), query.return_to);
    setSiteCookie(reply, LINK_NONCE_COOKIE, started.nonce, { path: '/', httpOnly: true, maxAge: LINK_STATE_TTL_SECONDS }, deps.config.secureCookies);
    reply.header('cache-control', 'no-store');
    if (query.redirect === '1') return reply.redirect(started.url, 302);
    return { url: started.url };
  }

  app.get('/api/openid/bind/new', { schema: { tags, querystring: startLinkQuery, response: { 200: startLinkResponse } } }, async (request, reply) =>
    start(request, reply, 'steam', request.query));

  app.get('/api/oauth/:kind/bind/new', { schema: { tags, params: z.object({ kind: oauthPlatformKind }), querystring: startLinkQuery, response: { 200: startLinkResponse } } }, async (request, reply) =>
    start(request, reply, request.params.kind, request.query));

  app.get('/api/openid/bind/callback', { schema: { tags, querystring: steamCallbackQuery } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'no-store');
    try {
      const { returnPath } = await finishSteamLink(deps, accountId, origin(request), request.query as Record<string, string>, request.cookies[LINK_NONCE_COOKIE]);
      if (wantsPage(request)) return reply.redirect(withQuery(safeReturnPath(returnPath, LINKED_ACCOUNTS_PAGE), 'bound', 'steam'), 303);
      return { platforms: await platformsFor(deps.db, accountId) };
    } catch (error) {
      if (!(error instanceof AppError) || !wantsPage(request)) throw error;
      const [field, reasons] = Object.entries(error.errors)[0] ?? ['base', ['invalid']];
      return reply.redirect(withQuery(LINKED_ACCOUNTS_PAGE, 'link_error', `${field}:${reasons[0]}`), 303);
    }
  });

  // Signing in with Steam: a guest's state; the SteamID's account is signed in (docs/product/linked-accounts.md#steam-sign-in).
  app.get('/api/openid/sign_in/new', { schema: { tags, querystring: startLinkQuery, response: { 200: startLinkResponse } } }, async (request, reply) =>
    start(request, reply, 'steam', { ...request.query, return_to: request.query.return_to ?? '/' }, true));

  app.get('/api/openid/sign_in/callback', { schema: { tags, querystring: steamCallbackQuery, response: { 200: steamSignInResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const secure = deps.config.secureCookies;
    try {
      const { accountId, returnPath } = await finishSteamSignIn(deps, origin(request), request.query as Record<string, string>, request.cookies[LINK_NONCE_COOKIE]);
      const { session } = await signInVouchedAccount(deps, accountId, request.site, 'steam');
      if (!wantsPage(request)) {
        return { token_type: 'Bearer' as const, access_token: session.accessToken, refresh_token: session.refreshToken, expires_in: session.expiresIn, refresh_expires_in: session.refreshExpiresIn, account_id: accountId };
      }
      setSessionCookies(reply, request.site.area, session, secure);
      ensureCsrfCookie(request, reply, secure);
      // Checked when the sign-in started and again here, so a row stored under an older rule sends no one away.
      return reply.redirect(safeReturnPath(returnPath, '/'), 303);
    } catch (error) {
      if (!(error instanceof AppError) || !wantsPage(request)) throw error;
      const [field, reasons] = Object.entries(error.errors)[0] ?? ['base', ['invalid']];
      return reply.redirect(withQuery('/sign_in', 'link_error', `${field}:${reasons[0]}`), 303);
    }
  });

  const bindOAuth = (kind: OAuthKind) => async (request: FastifyRequest<{ Body: z.infer<typeof bindOAuthRequest> }>) => {
    const { accountId } = requireAuth(request);
    await finishOAuthLink(deps, accountId, kind, origin(request), request.body.code, request.body.state, request.cookies[LINK_NONCE_COOKIE]);
    // Modules above complete what a binding completes: journey tasks, an invitee's qualification (follow-ups.ts).
    const completed = await runBindFollowUps(deps, accountId, request.site.area, kind, request.body.journey_task_ids);
    return { platforms: await platformsFor(deps.db, accountId), completed_journey_task_ids: completed };
  };
  app.post('/api/bind_wechat', { schema: { tags, body: bindOAuthRequest, response: { 200: bindOAuthResponse } } }, bindOAuth('wechat'));
  app.post('/api/bind_weibo', { schema: { tags, body: bindOAuthRequest, response: { 200: bindOAuthResponse } } }, bindOAuth('weibo'));

  app.delete('/api/openid/bind', { schema: { tags, querystring: unbindQuery } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    await unbind(deps, accountId, request.query.kind);
    return reply.status(204).send();
  });

  app.get('/api/platforms/steam', { schema: { tags, response: { 200: steamPlatformResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return steamPlatform(deps, accountId);
  });

  // Steam data of an account: whether a reader sees it depends on who reads (the responsibility declaration,
  // docs/product/personal-pages.md#steam-data-shared), so no answer is shared between readers.
  const viewer = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    return request.auth?.accountId ?? null;
  };

  app.get('/api/accounts/:id/steam_friends', { schema: { tags, params: idParams, response: { 200: steamFriendsResponse } } }, async (request, reply) =>
    steamFriends(deps, request.params.id, viewer(request, reply)));

  app.get('/api/accounts/:id/steam_games', { schema: { tags, params: idParams, response: { 200: steamGamesResponse } } }, async (request, reply) =>
    steamGames(deps, request.params.id, viewer(request, reply)));

  app.get('/api/accounts/:id/achievements', { schema: { tags, params: idParams, response: { 200: accountAchievementsResponse } } }, async (request, reply) =>
    accountAchievements(deps, request.params.id, viewer(request, reply), request.site.area));

  app.get('/api/accounts/:id/steam_reviews', { schema: { tags, params: idParams, querystring: steamReviewsOfAccountQuery, response: { 200: steamReviewsOfAccountResponse } } }, async (request, reply) =>
    accountSteamReviews(deps, request.params.id, viewer(request, reply), request.query.page));
};
