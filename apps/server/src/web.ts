import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchWebPage } from '@lantern/contract';
import { SITES, type Area } from '@lantern/domain';
import type { Config } from './config.ts';
import type { Deps } from './platform/deps.ts';
import { ensureCsrfCookie } from './platform/auth.ts';
import { pagePolicy, scriptHash } from './platform/security-headers.ts';
import { acceptsGzip } from './platform/send-json.ts';
import { homeFirstScreen, type FirstScreen } from './modules/storefront/index.ts';
import { ResponseCache } from './platform/response-cache.ts';
import { viewerOf } from './platform/viewer.ts';
import { pageFacts, type PageFacts } from './web/page-facts.ts';
import { firstReadOf, guestAnswer, isGuest, siteHostFor } from './web/first-reads.ts';
import { drawFirstScreen } from './web/first-screens.ts';
import { renderHead } from './web/page-head.ts';
import { SITE_TEXTS } from './web/site-texts.ts';
import { robotsTxt } from './web/robots.ts';
import { sitemapFile, sitemapIndex } from './web/sitemap.ts';
import { errorAnswer } from './platform/errors.ts';

/** Paths the single-page app never owns: unknown ones there are API 404s, not the web's. */
const NOT_WEB = /^\/(api|__dev|districts|uploads|media|sitemaps)(\/|$)/;
/** The store home's paths: their page carries the home's first screen (see storefront/first-screen.ts). */
const HOME_PATHS = new Set(['/', '/home']);
/** Pages with a head of their own kept rendered (bytes and gzip), the oldest dropped past this many. */
const MAX_HEAD_PAGES = 2000;
/** How long robots.txt and the sitemap files are kept before they are built again. */
const SITEMAP_CACHE_SECONDS = 600;

function escapeJsonForHtml(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** JSON text inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end or bend it. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The element the page of a guest carries its first read's answer in (the web's lib/firstRead.ts takes it). */
const FIRST_READ_ID = 'lantern-first-read';

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
  /** `inline` names the data the page carries for its preload script: 'home', or the API path of a first read. */
  const render = (area: Area, screen?: FirstScreen, head = '', inline = screen ? 'home' : undefined): Page => {
    const site = SITES[area];
    const other: Area = area === 'native' ? 'abroad' : 'native';
    // `data` tells the page's preload script which read is inline already (the home's, or an API path): not fetched.
    const boot = { area, region: site.regionDefault, currency: site.currency, language: site.language, siteUrl: config.siteUrls[area], otherSiteUrl: config.siteUrls[other], ...(inline && { data: inline }) };
    const bootScript = `window.__LANTERN__=${escapeJsonForHtml(boot)}`;
    let html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${site.language}"`)
      // The page's own title comes with its head (or the site's), in the site's language.
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace('<!--lantern-site-->', () => `${head}${screen?.head ?? ''}<script>${bootScript}</script>`);
    if (screen) html = html.replace('<!--lantern-first-screen-->', () => screen.root).replace('</body>', () => `${screen.body}</body>`);
    return { html: Buffer.from(html, 'utf8'), gzip: gzipSync(html, { level: 9 }), csp: pagePolicy(config, [scriptHash(bootScript), ...templateScriptHashes]) };
  };
  /** The head of a page the server knows nothing more about: the site's title and words, for no index. */
  const plainHead = (area: Area) => renderHead({ title: SITE_TEXTS[area].title, description: SITE_TEXTS[area].description, noindex: true }, SITE_TEXTS[area].name, area);
  const homeHead = (area: Area) => renderHead(homeFacts(config.siteUrls, area).head, SITE_TEXTS[area].name, area);
  const renderPlain = () => ({ native: render('native', undefined, plainHead('native')), abroad: render('abroad', undefined, plainHead('abroad')) });
  let pages = renderPlain();
  /** Pages with a first screen, by the content they show (a cache entry): rendered once per entry. */
  let screenPages = new WeakMap<object, Page>();
  /**
   * What the server knows of a page (its status and head), kept as long as the catalogue's shared reads
   * (CATALOG_CACHE_SECONDS): a hot SKU or post page costs its lookups once per period, not per request; a
   * removal shows within that time. Its own cache, so a crawl of many addresses evicts none of the store's reads.
   */
  const factsCache = new ResponseCache(config.CATALOG_CACHE_SECONDS, Date.now, MAX_HEAD_PAGES);
  /**
   * A guest's first screen of a game, post, headline or group page, by site and path (web/first-reads.ts): the
   * guest's answer of the page's first read, asked once per period (CATALOG_CACHE_SECONDS) and shared by every guest.
   */
  const guestScreens = new ResponseCache(config.CATALOG_CACHE_SECONDS, Date.now, MAX_HEAD_PAGES);
  /** Guest pages by their first screen's entry and head: rendered and compressed once per entry. */
  let guestPages = new WeakMap<object, { head: string; page: Page }>();
  /** Pages by their site and head: a page asked for again is written, not rendered and compressed again. */
  let headPages = new Map<string, Page>();
  let builtAt = statSync(indexPath).mtimeMs;
  // Outside production a rebuild of the web app is picked up without restarting the server.
  const refresh = () => {
    if (config.NODE_ENV === 'production') return;
    const mtime = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? builtAt;
    if (mtime === builtAt) return;
    builtAt = mtime;
    template = readFileSync(indexPath, 'utf8');
    templateScriptHashes = inlineScriptsOf(template).map(scriptHash);
    pages = renderPlain();
    screenPages = new WeakMap();
    guestPages = new WeakMap();
    headPages = new Map();
  };
  const pageWithHead = (area: Area, head: string): Page => {
    const key = `${area}\n${head}`;
    let page = headPages.get(key);
    if (!page) {
      headPages.set(key, (page = render(area, undefined, head)));
      if (headPages.size > MAX_HEAD_PAGES) headPages.delete(headPages.keys().next().value as string);
    }
    return page;
  };

  /**
   * The page for a path and its status (docs/product/screens.md#status-codes): 404 for a path no page has, 404 or
   * 410 for a post, talk, headline, SKU or member not there, with its head (title, description, canonical address,
   * alternates, link preview). Without `deps` only whether a page has the path is known.
   */
  const pageFor = async (request: FastifyRequest, path: string): Promise<{ page: Page; status: number }> => {
    refresh();
    const area = request.site.area;
    if (!deps) return { page: pages[area], status: matchWebPage(path) ? 200 : 404 };
    if (HOME_PATHS.has(path)) {
      try {
        const screen = await homeFirstScreen(deps, request);
        let page = screenPages.get(screen.key);
        if (!page) screenPages.set(screen.key, (page = render(area, screen, homeHead(area))));
        return { page, status: 200 };
      } catch (err) {
        // The app fetches the home itself when the page comes without it.
        request.log.warn({ err }, 'store home first screen unavailable');
        return { page: pageWithHead(area, homeHead(area)), status: 200 };
      }
    }
    // Keyed by the viewer's region too: a SKU page's answer depends on it.
    const key = `${area}:${viewerOf(request).region}:${path}`;
    const facts: PageFacts | null = await factsCache.get(key, () => pageFacts(deps, request, path)).catch((err: unknown) => {
      // The app asks for what the page shows itself: a failing read here costs the head, not the page.
      request.log.warn({ err }, 'page head unavailable');
      return null;
    });
    if (!facts) return { page: pages[area], status: matchWebPage(path) ? 200 : 404 };
    const head = renderHead(facts.head, SITE_TEXTS[area].name, area);
    if (facts.status === 200) {
      const guest = await guestPage(request, path, head).catch((err: unknown) => {
        // The app asks for its data itself when the page comes without it.
        request.log.warn({ err }, 'first screen unavailable');
        return null;
      });
      if (guest) return { page: guest, status: 200 };
    }
    return { page: pageWithHead(area, head), status: facts.status };
  };

  /** A guest's page of a game, post, headline or group: its first read's answer inline, its first screen drawn. */
  const guestPage = async (request: FastifyRequest, path: string, head: string): Promise<Page | null> => {
    const area = request.site.area;
    const read = firstReadOf(path, new URLSearchParams(request.url.slice(path.length + 1)));
    if (!read || !isGuest(request, area)) return null;
    const entry = await guestScreens.get(`${area}:${path}`, async () => {
      const json = await guestAnswer(app, request, siteHostFor(config, area, request.headers.host), read.api);
      if (json === null) return { screen: null };
      const drawn = drawFirstScreen(read.page, json, read.id, SITES[area].language);
      const screen: FirstScreen = {
        key: {},
        head: drawn?.image ? `<link rel="preload" as="image" href="${drawn.image.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" fetchpriority="high">` : '',
        root: drawn?.root ?? '',
        body: `<script type="application/json" id="${FIRST_READ_ID}" data-api="${read.api}">${scriptJson(json)}</script>`,
      };
      return { screen };
    });
    if (!entry.screen) return null;
    const kept = guestPages.get(entry);
    if (kept && kept.head === head) return kept.page;
    const page = render(area, entry.screen, head, read.api);
    guestPages.set(entry, { head, page });
    return page;
  };

  await app.register(fastifyStatic, { root: dist, prefix: '/', index: false, wildcard: true, preCompressed: true, maxAge: '1y', immutable: true });
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    ensureCsrfCookie(request, reply, config.secureCookies);
    const { page, status } = await pageFor(request, request.url.split('?')[0] ?? '/');
    reply.status(status).headers({ 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding', 'content-security-policy': page.csp });
    if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };
  // The root is a directory to the static plugin: the page is served for it explicitly (and /home, the
  // store home's other path, with the same first screen).
  app.get('/', { schema: { hide: true } }, servePage);
  app.get('/home', { schema: { hide: true } }, servePage);
  if (deps) registerCrawlerFiles(app, deps);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // HEAD is how some crawlers check a link: it gets the page's status (Node sends no body with it).
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_WEB.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).send(errorAnswer(request, { base: ['not_found'] }));
    }
    return servePage(request, reply);
  });
  return true;
}

/** The store home's head on a site: its canonical address is the site's root, the other site's root its alternate. */
function homeFacts(siteUrls: Record<Area, string>, area: Area): PageFacts {
  const root = (site: Area) => `${siteUrls[site].replace(/\/+$/, '')}/`;
  return { status: 200, head: { title: SITE_TEXTS[area].title, description: SITE_TEXTS[area].description, canonical: root(area), alternates: { native: root('native'), abroad: root('abroad') } } };
}

/**
 * robots.txt and the sitemap of each site (docs/product/screens.md#robots-and-sitemaps), built at most once per
 * ten minutes per site and file (single-flight: a crawler's burst costs one build).
 */
function registerCrawlerFiles(app: FastifyInstance, deps: Deps) {
  const cache = new ResponseCache(SITEMAP_CACHE_SECONDS, () => deps.clock.now().getTime(), 200);
  const maxAge = `public, max-age=${SITEMAP_CACHE_SECONDS}`;
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    return reply.headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': maxAge }).send(robotsTxt(deps.config.siteUrls[request.site.area]));
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const area = request.site.area;
    const xml = await cache.get(`${area}:index`, () => sitemapIndex(deps, area));
    return reply.headers({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': maxAge }).send(xml);
  });
  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const area = request.site.area;
    const file = request.params.file;
    const xml = /^[a-z]+(-\d{1,3})?\.xml$/.test(file) ? await cache.get(`${area}:${file}`, () => sitemapFile(deps, area, file)) : null;
    if (xml === null) return reply.status(404).send(errorAnswer(request, { base: ['not_found'] }));
    return reply.headers({ 'content-type': 'application/xml; charset=utf-8', 'cache-control': maxAge }).send(xml);
  });
}
