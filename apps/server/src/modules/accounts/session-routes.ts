import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COOKIES, captchaResponse, fastSignInRequest, refreshRequest, sendCodeRequest, sendCodeResponse, sessionResponse, signInRequest, signUpRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { clearSessionCookies, ensureCsrfCookie, setSessionCookies, wantsCookies } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { sendCode } from './codes.ts';
import { signIn, fastSignIn } from './sign-in.ts';
import { signUp } from './sign-up.ts';
import { familyOfRefreshToken, revokeFamily, rotateSession, type IssuedSession } from './sessions.ts';
import { presentMe } from './presenter.ts';
import type { Account } from './lookup.ts';
import { loadAccount } from './profile.ts';

/**
 * Answers a new session: httpOnly cookies for the web (script never sees the tokens), tokens in the body
 * for API clients.
 */
async function sendSession(deps: Deps, request: FastifyRequest, reply: FastifyReply, account: Account, session: IssuedSession, status = 200) {
  const cookies = wantsCookies(request);
  if (cookies) {
    setSessionCookies(reply, request.site.area, session, deps.config.NODE_ENV === 'production');
    ensureCsrfCookie(request, reply, deps.config.NODE_ENV === 'production');
  }
  return reply.status(status).send({
    token_type: 'Bearer' as const,
    expires_in: session.expiresIn,
    refresh_expires_in: session.refreshExpiresIn,
    ...(!cookies && { access_token: session.accessToken, refresh_token: session.refreshToken }),
    account: await presentMe(deps, account, request.site),
  });
}

export const sessionRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/captchas', { schema: { tags: ['accounts'], response: { 201: captchaResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(await deps.captcha.issue());
  });

  app.post('/api/message', { schema: { tags: ['accounts'], body: sendCodeRequest, response: { 201: sendCodeResponse } } }, async (request, reply) =>
    reply.status(201).send(await sendCode(deps, request.site, request.ip, request.auth?.accountId ?? null, request.body.message)),
  );

  app.post('/api/accounts', { schema: { tags: ['accounts'], body: signUpRequest, response: { 201: sessionResponse } } }, async (request, reply) => {
    const { account, session } = await signUp(deps, request.site, request.body.account, request.ip ?? '');
    return sendSession(deps, request, reply, account, session, 201);
  });

  app.post('/api/access_token', { schema: { tags: ['accounts'], body: signInRequest, response: { 201: sessionResponse } } }, async (request, reply) => {
    const { account, session } = await signIn(deps, request.site, request.ip, request.body.access_token);
    return sendSession(deps, request, reply, account, session, 201);
  });

  app.post('/api/fast/access_token', { schema: { tags: ['accounts'], body: fastSignInRequest, response: { 201: sessionResponse } } }, async (request, reply) => {
    const { account, session } = await fastSignIn(deps, request.site, request.ip, request.body.access_token);
    return sendSession(deps, request, reply, account, session, 201);
  });

  // Fastify validates a missing body as null: the web refreshes with no body at all, by its refresh cookie.
  app.patch('/api/access_token', { schema: { tags: ['accounts'], body: refreshRequest.nullish(), response: { 200: sessionResponse } } }, async (request, reply) => {
    const token = request.body?.access_token?.refresh_token ?? request.cookies[COOKIES.refresh(request.site.area)];
    if (!token) throw fail.unauthorized('refresh_token_invalid');
    try {
      const session = await rotateSession(deps, token, request.site.area);
      return sendSession(deps, request, reply, await loadAccount(deps, session.accountId), session);
    } catch (err) {
      if ((err as { status?: number }).status === 401) clearSessionCookies(reply, request.site.area);
      throw err;
    }
  });

  app.delete('/api/access_token', { schema: { tags: ['accounts'] } }, async (request, reply) => {
    // Signing out always succeeds: by the access token, or by the refresh cookie when the access token lapsed.
    const refresh = request.cookies[COOKIES.refresh(request.site.area)];
    const familyId = request.auth?.familyId ?? (refresh ? await familyOfRefreshToken(deps.db, refresh, request.site.area) : null);
    if (familyId) await revokeFamily(deps, deps.db, familyId, deps.clock.now());
    clearSessionCookies(reply, request.site.area);
    return reply.status(204).send();
  });
};
