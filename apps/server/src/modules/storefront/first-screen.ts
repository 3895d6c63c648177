import type { FastifyRequest } from 'fastify';
import { homeResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { PreparedJson } from '../../platform/send-json.ts';
import { viewerOf, type Viewer } from '../../platform/viewer.ts';
import { getHome } from './home.ts';

/** A cached store home: the answer of GET /api/v7/home as bytes, and the image its first screen is led by. */
export interface HomeEntry {
  prepared: PreparedJson;
  /** The first banner's art: what the page paints largest first (its LCP), worth asking for at once. */
  heroImage: string | null;
}

/**
 * The store home of a site and region, from the short-lived shared cache (it is the same for every viewer
 * of the site and region): built, validated against the contract, serialized and gzipped once per cache
 * entry, so serving it costs only the write. The API route and the page (index.html for `/`) share it.
 */
export function cachedHome(deps: Deps, viewer: Viewer): Promise<HomeEntry> {
  return deps.cache.get(`home:${viewer.area}:${viewer.region}`, async () => {
    const home = homeResponse.parse(await getHome(deps, viewer));
    const prepared = new PreparedJson(JSON.stringify(home));
    prepared.gzip();
    return { prepared, heroImage: home.banners.find((b) => b.image !== null)?.image ?? null };
  });
}

/** What the page of a path gets besides the app: preloads in the head, a first paint in #root, data at the end. */
export interface FirstScreen {
  /** Identifies the content: the same key, the same HTML (the page is rendered and compressed once per key). */
  key: object;
  head: string;
  root: string;
  body: string;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end or bend it. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The first screen of the store home in the page itself, so it does not wait for the app's code:
 *  - the home's data inline (`#lantern-home`, read by the web's home query instead of a request);
 *  - the first banner preloaded at high priority and painted in the page shell, in the same box the app
 *    then renders it in (the classes of Layout, HomePage, HeroBanners and BannerSlide), so the largest
 *    paint of the page happens as soon as the image arrives. The app replaces the shell when it renders.
 */
export async function homeFirstScreen(deps: Deps, request: FastifyRequest): Promise<FirstScreen> {
  const entry = await cachedHome(deps, viewerOf(request));
  const image = entry.heroImage;
  return {
    key: entry,
    head: image ? `<link rel="preload" as="image" href="${escapeAttr(image)}" fetchpriority="high">` : '',
    root: image
      ? `<main class="min-h-[calc(100dvh-4rem)] flex-1" aria-hidden="true" data-first-screen=""><div class="mx-auto max-w-7xl px-4 pb-8 pt-4 sm:px-6 sm:pt-6"><div class="grid gap-4 lg:grid-cols-[minmax(0,2.6fr)_minmax(0,1fr)]"><div class="relative block overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-ink-700">` +
        `<img src="${escapeAttr(image)}" alt="" width="1920" height="640" fetchpriority="high" decoding="sync" class="block w-full bg-ink-800 object-cover aspect-[16/9] sm:aspect-[3/1]">` +
        `<div class="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/40 to-transparent sm:bg-gradient-to-r sm:from-ink-950/90 sm:via-ink-950/35"></div></div></div></div></main>`
      : '',
    body: `<script type="application/json" id="lantern-home">${scriptJson(entry.prepared.json)}</script>`,
  };
}
