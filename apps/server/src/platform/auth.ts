import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIES, CSRF_HEADER, SECURE_COOKIE_PREFIX, secureCookieName } from '@lantern/contract';
import type { Area, Role } from '@lantern/domain';
import { safeEqual } from './crypto.ts';
import { fail } from './errors.ts';

/** The signed-in account as its session found it: enough to decide access without another query. */
export interface SessionAccount {
  accountId: number;
  familyId: string;
  role: Role;
  /** The account's own region code (cn, hk, …): catalogue rules follow it. */
  region: string;
}

export interface RequestAuth extends SessionAccount {
  /** True when the token came from the site's cookie (a browser), false for `Authorization: Bearer`. */
  viaCookie: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** Why a presented token was not accepted; answered only when the route needs a signed-in account. */
    authFailure: 'token_invalid' | null;
  }
}

/** Answers at once (no promise) when the instance holds the token's lookup, which most signed-in calls find. */
export type Authenticator = (token: string, area: Area) => SessionAccount | null | Promise<SessionAccount | null>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in account of a request, or a 401 that makes the web open its sign-in popup (docs/product/screens.md#sign-in-popup). */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw fail.unauthorized(request.authFailure ?? 'unauthorized');
  return request.auth;
}

/**
 * For a write the original hides behind GET (the block list): a cookie-authenticated GET must carry the CSRF
 * header as any cookie write does, or a link on another site could act for the reader (403 `csrf_invalid`).
 * Bearer callers, and POST (checked already), pass.
 */
export function requireCsrfOnGetWrite(request: FastifyRequest): void {
  if (!SAFE_METHODS.has(request.method) || !request.auth?.viaCookie) return;
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[COOKIES.csrf];
  if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) throw fail.forbidden('csrf_invalid');
}

/** Whether the caller wants tokens as cookies (the web) rather than in the body (API clients). */
export function wantsCookies(request: FastifyRequest): boolean {
  const client = (request.query as Record<string, unknown> | undefined)?.client;
  return client === 'web' || (client === undefined && !request.headers.authorization && request.headers.cookie !== undefined);
}

/** The refresh cookie goes only to the refresh and sign-out calls. */
const REFRESH_COOKIE_PATH = '/api/access_token';
const SECURE_PREFIXES = Object.values(SECURE_COOKIE_PREFIX);

/**
 * The name a cookie is sent under: bare in development, with the browser-enforced `__Host-`/`__Secure-`
 * prefix when cookies are Secure (production). Inside the server every cookie is read by its bare name
 * (see `canonicalCookies`).
 */
const cookieName = (name: string, path: string, secure: boolean) => (secure ? secureCookieName(name, path) : name);

interface CookieSpec {
  path: string;
  httpOnly: boolean;
  maxAge?: number;
}

export function setSiteCookie(reply: FastifyReply, name: string, value: string, spec: CookieSpec, secure: boolean) {
  reply.setCookie(cookieName(name, spec.path, secure), value, { sameSite: 'lax', secure, ...spec });
}

/**
 * The CSRF cookie the web echoes in a header on writes. It is handed out with the page (index.html) and
 * with every new session; API calls without cookies never need one, so they are not given one.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (request.cookies[COOKIES.csrf]) return;
  setSiteCookie(reply, COOKIES.csrf, randomBytes(18).toString('base64url'), { path: '/', httpOnly: false }, secure);
}

export function setSessionCookies(reply: FastifyReply, area: Area, session: { accessToken: string; refreshToken: string; expiresIn: number; refreshExpiresIn: number }, secure: boolean) {
  setSiteCookie(reply, COOKIES.access(area), session.accessToken, { httpOnly: true, path: '/', maxAge: session.expiresIn }, secure);
  setSiteCookie(reply, COOKIES.refresh(area), session.refreshToken, { httpOnly: true, path: REFRESH_COOKIE_PATH, maxAge: session.refreshExpiresIn }, secure);
  setSiteCookie(reply, COOKIES.session(area), '1', { httpOnly: false, path: '/', maxAge: session.refreshExpiresIn }, secure);
}

/**
 * Clears a site's session cookies under both names: a browser may still hold bare ones from before the
 * site ran in production, and clearing one that is not there costs nothing.
 */
export function clearSessionCookies(reply: FastifyReply, area: Area) {
  for (const [name, path] of [[COOKIES.access(area), '/'], [COOKIES.refresh(area), REFRESH_COOKIE_PATH], [COOKIES.session(area), '/']] as const) {
    reply.clearCookie(name, { path });
    reply.clearCookie(secureCookieName(name, path), { path, secure: true });
  }
}

/**
 * With Secure cookies, only the prefixed ones count, under their bare name; a bare cookie (which any
 * sibling subdomain or plain-http page could have set) is ignored. Without, the cookies are left as sent.
 */
export function canonicalCookies(cookies: Record<string, string | undefined>, secure: boolean): Record<string, string | undefined> {
  if (!secure) return cookies;
  const canonical: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(cookies)) {
    const prefix = SECURE_PREFIXES.find((p) => name.startsWith(p));
    if (prefix) canonical[name.slice(prefix.length)] = value;
  }
  return canonical;
}

/**
 * Reads the bearer token or the site's access cookie. Cookie-authenticated writes must echo the CSRF
 * cookie in a header (double submit); bearer callers are not exposed to CSRF and need not. Runs before the
 * route's validation, so permission checks (the staff scope) and the audit log know who is asking even
 * when the request itself is malformed.
 */
export const authPlugin = fp(async (app, opts: { authenticate: Authenticator; secureCookies: boolean }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('authFailure', null);
  // After @fastify/cookie has parsed them (its onRequest hook is registered first).
  // Callback hooks, not async ones: every request runs them, and a token the instance holds needs no waiting.
  app.addHook('onRequest', (request, _reply, done) => {
    request.cookies = canonicalCookies(request.cookies, opts.secureCookies);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const area = request.site.area;
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const cookieToken = request.cookies[COOKIES.access(area)];
    const hasSessionCookie = Boolean(cookieToken || request.cookies[COOKIES.refresh(area)]);
    if (!bearer && hasSessionCookie && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[COOKIES.csrf];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) return done(fail.forbidden('csrf_invalid'));
    }
    const token = bearer ?? cookieToken;
    if (!token) return done();
    const settle = (found: SessionAccount | null) => {
      if (found) request.auth = { ...found, viaCookie: !bearer };
      // A stale bearer token fails only routes that need a signed-in account: a client holding one can still
      // refresh its session, sign out or read public pages.
      else if (bearer) request.authFailure = 'token_invalid';
      done();
    };
    let found: ReturnType<Authenticator>;
    try {
      found = opts.authenticate(token, area);
    } catch (err) {
      return done(err as Error);
    }
    if (found instanceof Promise) found.then(settle, done);
    else settle(found);
  });
});
