import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SITES, type Area } from '@lantern/domain';
import type { Config } from './config.ts';
import type { Deps } from './platform/deps.ts';
import { ensureCsrfCookie } from './platform/auth.ts';
import { pagePolicy, scriptHash } from './platform/security-headers.ts';
import { acceptsGzip } from './platform/send-json.ts';
import { homeFirstScreen, type FirstScreen } from './modules/storefront/index.ts';
import { openGraphHead } from './modules/share/index.ts';

/** Paths the single-page app never owns: unknown ones there are API 404s, not the web's. */
const NOT_WEB = /^\/(api|__dev|districts|uploads|media)(\/|$)/;
/** Pages that may be shared, with link previews (share module). */
const SHARED_PAGE = /^\/(posts|talks|headlines)\/\d+$/;
const SITE_NAMES: Record<Area, string> = { native: '灯笼游戏', abroad: 'Lantern' };
/** The store home's paths: their page carries the home's first screen (see storefront/first-screen.ts). */
const HOME_PATHS = new Set(['/', '/home']);

function escapeJsonForHtml(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A page as bytes, plain and gzipped once: every request of it is a write, not a render. */
interface Page {
  html: Buffer;
  gzip: Buffer;
  /** Its content security policy: the app's, naming the page's inline scripts by hash. */
  csp: string;
}

/**
 * The executable inline scripts of the built index.html (the build's first-page preloads), by their text.
 * Only the build's own template is read this way; data the server adds is either its own boot script,
 * hashed where it is made, or `type="application/json"`, which never runs.
 */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/**
 * Serves the built web app for both sites. index.html gets the site it is served on (area, language,
 * currency, both site URLs) so the first paint is already in the right language, without a round trip.
 * The store home's page also carries its first screen (data inline, the hero banner preloaded and painted
 * before the app's code runs), when `deps` are given.
 */
export async function registerWeb(app: FastifyInstance, config: Config, deps?: Deps): Promise<boolean> {
  const dist = resolve(config.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ dist }, 'web app not built; run `npm run build:web`');
    return false;
  }
  let template = readFileSync(indexPath, 'utf8');
  let templateScriptHashes = inlineScriptsOf(template).map(scriptHash);
  const render = (area: Area, screen?: FirstScreen, head = ''): Page => {
    const site = SITES[area];
    const other: Area = area === 'native' ? 'abroad' : 'native';
    // `data: 'home'` tells the page's preload script the home's data is inline: nothing to fetch.
    const boot = { area, region: site.regionDefault, currency: site.currency, language: site.language, siteUrl: config.siteUrls[area], otherSiteUrl: config.siteUrls[other], ...(screen && { data: 'home' }) };
    const bootScript = `window.__LANTERN__=${escapeJsonForHtml(boot)}`;
    let html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${site.language}"`)
      .replace('<!--lantern-site-->', () => `${head}${screen?.head ?? ''}<script>${bootScript}</script>`);
    if (screen) html = html.replace('<!--lantern-first-screen-->', () => screen.root).replace('</body>', () => `${screen.body}</body>`);
    return { html: Buffer.from(html, 'utf8'), gzip: gzipSync(html, { level: 9 }), csp: pagePolicy(config, [scriptHash(bootScript), ...templateScriptHashes]) };
  };
  let pages = { native: render('native'), abroad: render('abroad') };
  /** Pages with a first screen, by the content they show (a cache entry): rendered once per entry. */
  let screenPages = new WeakMap<object, Page>();
  let builtAt = statSync(indexPath).mtimeMs;
  // Outside production a rebuild of the web app is picked up without restarting the server.
  const refresh = () => {
    if (config.NODE_ENV === 'production') return;
    const mtime = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? builtAt;
    if (mtime === builtAt) return;
    builtAt = mtime;
    template = readFileSync(indexPath, 'utf8');
    templateScriptHashes = inlineScriptsOf(template).map(scriptHash);
    pages = { native: render('native'), abroad: render('abroad') };
    screenPages = new WeakMap();
  };

  const pageFor = async (request: FastifyRequest, path: string): Promise<Page> => {
    refresh();
    const area = request.site.area;
    if (deps && SHARED_PAGE.test(path)) {
      // A shared post or talk: its Open Graph tags, so a link unfurls (docs/product/people.md#share).
      const head = await openGraphHead(deps, area, SITE_NAMES[area], path).catch((err: unknown) => {
        request.log.warn({ err }, 'link preview unavailable');
        return null;
      });
      return head ? render(area, undefined, head) : pages[area];
    }
    if (!deps || !HOME_PATHS.has(path)) return pages[area];
    try {
      const screen = await homeFirstScreen(deps, request);
      let page = screenPages.get(screen.key);
      if (!page) screenPages.set(screen.key, (page = render(area, screen)));
      return page;
    } catch (err) {
      // The app fetches the home itself when the page comes without it.
      request.log.warn({ err }, 'store home first screen unavailable');
      return pages[area];
    }
  };

  await app.register(fastifyStatic, { root: dist, prefix: '/', index: false, wildcard: true, preCompressed: true, maxAge: '1y', immutable: true });
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    ensureCsrfCookie(request, reply, config.secureCookies);
    const page = await pageFor(request, request.url.split('?')[0] ?? '/');
    reply.headers({ 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding', 'content-security-policy': page.csp });
    if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };
  // The root is a directory to the static plugin: the page is served for it explicitly (and /home, the
  // store home's other path, with the same first screen).
  app.get('/', { schema: { hide: true } }, servePage);
  app.get('/home', { schema: { hide: true } }, servePage);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || NOT_WEB.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).send({ errors: { base: ['not_found'] } });
    }
    return servePage(request, reply);
  });
  return true;
}
