import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseAcceptVersion, SITES, type Area, type Site } from '@lantern/domain';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The regional site this request is on (port by default, host map in production; docs/product/README.md#sites-areas-and-regions). */
    site: Site;
    /** The API version chosen by `Accept: application/vnd.lantern.vN+json`, or 1. */
    apiVersion: number;
  }
}

/**
 * Which site a request is on: the production host map first, then the local port the request came in on,
 * then the port named in its Host header; mainland when nothing matches.
 */
export function resolveArea(config: Config, hostHeader: string | undefined, localPort: number | undefined): Area {
  const host = (hostHeader ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  const mapped = config.hostMap.get(host) ?? config.hostMap.get(hostname);
  if (mapped) return mapped;
  const port = localPort ?? Number(host.match(/:(\d+)$/)?.[1]);
  if (port === config.PORT_ABROAD) return 'abroad';
  return 'native';
}

export const sitePlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('apiVersion', 1);
  // A callback hook, not an async one: every request runs it, and it has nothing to wait for.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    request.site = SITES[resolveArea(opts.config, request.headers.host, request.socket?.localPort)];
    request.apiVersion = parseAcceptVersion(request.headers.accept) ?? 1;
    done();
  });
});
