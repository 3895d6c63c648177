import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SITES, type Area } from '@lantern/domain';
import type { Config } from './config.ts';
import { ensureCsrfCookie } from './platform/auth.ts';

/** Paths the single-page app never owns: unknown ones there are API 404s, not the web's. */
const NOT_WEB = /^\/(api|__dev|districts|uploads|media)(\/|$)/;

function escapeJsonForHtml(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Serves the built web app for both sites. index.html gets the site it is served on (area, language,
 * currency, both site URLs) so the first paint is already in the right language, without a round trip.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<boolean> {
  const dist = resolve(config.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ dist }, 'web app not built; run `npm run build:web`');
    return false;
  }
  const render = () => {
    const template = readFileSync(indexPath, 'utf8');
    return Object.fromEntries(
      (['native', 'abroad'] as const).map((area) => {
        const site = SITES[area];
        const other: Area = area === 'native' ? 'abroad' : 'native';
        const boot = { area, region: site.regionDefault, currency: site.currency, language: site.language, siteUrl: config.siteUrls[area], otherSiteUrl: config.siteUrls[other] };
        const html = template
          .replace(/<html lang="[^"]*"/, `<html lang="${site.language}"`)
          .replace('<!--lantern-site-->', `<script>window.__LANTERN__=${escapeJsonForHtml(boot)}</script>`);
        return [area, html];
      }),
    ) as Record<Area, string>;
  };
  let pages = render();
  let builtAt = statSync(indexPath).mtimeMs;
  // Outside production a rebuild of the web app is picked up without restarting the server.
  const currentPages = () => {
    if (config.NODE_ENV !== 'production') {
      const mtime = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? builtAt;
      if (mtime !== builtAt) {
        builtAt = mtime;
        pages = render();
      }
    }
    return pages;
  };

  await app.register(fastifyStatic, { root: dist, prefix: '/', index: false, wildcard: true, preCompressed: true, maxAge: '1y', immutable: true });
  const servePage = (request: FastifyRequest, reply: FastifyReply) => {
    ensureCsrfCookie(request, reply, config.NODE_ENV === 'production');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(currentPages()[request.site.area]);
  };
  // The root is a directory to the static plugin: the page is served for it explicitly.
  app.get('/', { schema: { hide: true } }, servePage);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || NOT_WEB.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).send({ errors: { base: ['not_found'] } });
    }
    return servePage(request, reply);
  });
  return true;
}
