import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIES } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Config } from '../config.ts';
import { resolveArea } from '../platform/site.ts';

/** The pages whose first screen the server draws for a guest (besides the store home, storefront/first-screen.ts). */
export type FirstReadPage = 'sku' | 'post' | 'headline' | 'group' | 'talks';

/**
 * Each page's path and the read the app asks for first on it (the same URL its query fetches, without the
 * `client`/`version` parameters every web call adds): the page's code then finds that answer in the page.
 */
const PAGES: { page: FirstReadPage; path: RegExp; api: (id: string) => string; shows?: (query: URLSearchParams) => boolean }[] = [
  { page: 'sku', path: /^\/sku\/(\d{1,12})$/, api: (id) => `/api/skus/${id}` },
  { page: 'post', path: /^\/posts\/(\d{1,12})$/, api: (id) => `/api/posts/${id}` },
  { page: 'headline', path: /^\/headlines\/(\d{1,12})$/, api: (id) => `/api/headlines/${id}` },
  { page: 'group', path: /^\/community\/groups\/(\d{1,12})$/, api: (id) => `/api/groups/${id}` },
  // A guest's talks page opens on everyone's talks (the following feed needs an account): their first page. Its
  // `?tab=recommend` is another list, left to the app.
  { page: 'talks', path: /^\/talks()$/, api: () => '/api/talks', shows: (query) => (query.get('tab') ?? 'all') === 'all' },
];

/** A page's first read: which page, the API path the app asks for, and the guest's answer as JSON text. */
export interface FirstRead {
  page: FirstReadPage;
  api: string;
  json: string;
}

/** The page and first read of a web path and its query, when the server draws a first screen for it. */
export function firstReadOf(path: string, query = new URLSearchParams()): { page: FirstReadPage; id: string; api: string } | null {
  for (const { page, path: pattern, api, shows } of PAGES) {
    const match = pattern.exec(path);
    if (match) return !shows || shows(query) ? { page, id: match[1]!, api: api(match[1]!) } : null;
  }
  return null;
}

/**
 * A visitor with no session on this site: no access, refresh or session cookie. Only such a visitor is sent an
 * answer made for a guest: a member's answers carry their own state (whom they blocked, what they wish for), and a
 * visitor whose access token merely expired is a member again once the app refreshes it.
 */
export function isGuest(request: FastifyRequest, area: Area): boolean {
  const cookies = request.cookies ?? {};
  return [COOKIES.access(area), COOKIES.refresh(area), COOKIES.session(area)].every((name) => !cookies[name]);
}

/**
 * The guest's answer of a public read, asked of the app's own route (in process, no socket): the same bytes, the
 * same rules and status as the app's own request would get, without a second implementation of them. Only a 200
 * answer is kept; anything else (not there, another region's SKU, a limit) leaves the page to the app as before.
 * The request carries the visitor's address, so the per-address limits count the visitor, not the server.
 */
export async function guestAnswer(app: FastifyInstance, request: FastifyRequest, siteHost: string, api: string): Promise<string | null> {
  const response = await app.inject({
    method: 'GET',
    url: `${api}?client=web&version=1`,
    headers: { host: siteHost, accept: 'application/json' },
    remoteAddress: request.ip,
  });
  return response.statusCode === 200 ? response.body : null;
}

/**
 * A Host header that puts an in-process request on the site of `area`: the visitor's own when it does (the host
 * map in production, the port in development), else the site's address, else its port on the loopback.
 */
export function siteHostFor(config: Config, area: Area, visitorHost: string | undefined): string {
  const candidates = [visitorHost, new URL(config.siteUrls[area]).host, `127.0.0.1:${area === 'abroad' ? config.PORT_ABROAD : config.PORT_NATIVE}`];
  return candidates.find((host) => host && resolveArea(config, host, undefined) === area) ?? candidates[2]!;
}
