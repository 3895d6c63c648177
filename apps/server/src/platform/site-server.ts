import { createServer, type RequestListener } from 'node:http';

/**
 * Fastify's own idle keep-alive (72 s), which it sets only on servers it creates itself: with a server factory
 * (one per site, src/main.ts) Node's 5 s default applies, closing idle connections that browsers, API clients and
 * proxies still reuse — their next request then fails with a connection reset.
 */
export const SITE_KEEP_ALIVE_MS = 72_000;

/** An HTTP server for one site's port. */
export function siteServer(handler: RequestListener) {
  const server = createServer(handler);
  server.keepAliveTimeout = SITE_KEEP_ALIVE_MS;
  return server;
}
