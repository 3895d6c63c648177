import type { FastifyRequest } from 'fastify';
import { matchWebPage, PRIVATE_WEB_PREFIXES, WEB_PAGES, type WebPage } from '@lantern/contract';
import type { Area, ShareTargetType } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { viewerOf } from '../platform/viewer.ts';
import { profilePreview } from '../modules/accounts/index.ts';
import { skuPagePreview } from '../modules/catalog/index.ts';
import { sharedPageState } from '../modules/share/index.ts';
import type { PageHead } from './page-head.ts';
import { SITE_TEXTS } from './site-texts.ts';

/** A page's answer: its status (the app's page is sent with each) and its head. */
export interface PageFacts {
  status: 200 | 404 | 410;
  head: PageHead;
}

const SHARED: Partial<Record<WebPage, ShareTargetType>> = { post: 'Post', talk: 'Talk', headline: 'Headline' };
/** Pages of community content, which both sites show at the same address (decisions/0016): each other's alternates. */
const ON_BOTH_SITES: ReadonlySet<WebPage> = new Set(['post', 'talk', 'user']);
/** Error pages: their own status for /404, and never indexed. */
const ERROR_PAGES: ReadonlySet<WebPage> = new Set(['notFound', 'serverError', 'ipError']);
const ID = /^[1-9]\d{0,14}$/;

const isPrivate = (path: string) => PRIVATE_WEB_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** A URL on a site: a site-relative one made absolute, an absolute one kept. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${siteUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * What the server answers for a web path (docs/product/screens.md#status-codes): 404 for a path no page has, and
 * for a post, talk, headline, SKU or member that is not there; 410 for one removed for good (a deleted post, talk
 * or headline, a closed account); 200 otherwise. The head carries the page's title, description, canonical
 * address, alternates and link preview where the server knows them, the site's own words where it does not.
 */
export async function pageFacts(deps: Deps, request: FastifyRequest, path: string): Promise<PageFacts> {
  const area: Area = request.site.area;
  const texts = SITE_TEXTS[area];
  const urls = deps.config.siteUrls;
  const here = (site: Area, p = path) => absoluteUrl(urls[site], p);
  const plain: PageHead = { title: texts.title, description: texts.description };
  const missing = (status: 404 | 410): PageFacts => ({ status, head: { title: `${texts.notFound} · ${texts.name}`, description: texts.description, noindex: true, noPreview: true } });

  const match = matchWebPage(path);
  if (!match) return missing(404);
  const { page, params } = match;
  if (ERROR_PAGES.has(page)) return page === 'notFound' ? missing(404) : { status: 200, head: { ...plain, noindex: true } };
  if (isPrivate(path)) return { status: 200, head: { ...plain, noindex: true } };
  const canonicalPath = WEB_PAGES[page].includes(':') ? path.replace(/\/+$/, '') : WEB_PAGES[page];
  const listed: PageHead = { ...plain, canonical: here(area, canonicalPath), alternates: { native: here('native', canonicalPath), abroad: here('abroad', canonicalPath) } };
  const id = params.id !== undefined && ID.test(params.id) ? Number(params.id) : null;

  const type = SHARED[page];
  if (type) {
    if (id === null) return missing(404);
    const state = await sharedPageState(deps, type, id, area);
    if (state === null) return missing(404);
    if (state === 'gone') return missing(410);
    return {
      status: 200,
      head: {
        title: `${state.title} · ${texts.name}`,
        shareTitle: state.title,
        description: state.description || texts.description,
        canonical: here(area, canonicalPath),
        ...(ON_BOTH_SITES.has(page) && { alternates: listed.alternates }),
        ogType: 'article',
        image: state.image ? here(area, state.image) : null,
      },
    };
  }
  if (page === 'sku') {
    if (id === null) return missing(404);
    const sku = await skuPagePreview(deps, viewerOf(request), id);
    if (sku === null) return missing(404);
    // A SKU only another region sees: the page is there for that region's members, but nothing to index here.
    if (sku === 'other_region') return { status: 200, head: { ...plain, noindex: true } };
    // SKUs are a site's own (each site sells in its currency): no alternate; a locked one's page is its product's first SKU.
    return { status: 200, head: { title: `${sku.title} · ${texts.name}`, shareTitle: sku.title, description: sku.description, canonical: here(area, `/sku/${sku.skuId}`), ogType: 'product', image: here(area, sku.image) } };
  }
  if (page === 'user') {
    if (id === null) return missing(404);
    const user = await profilePreview(deps.db, id);
    if (user === null) return missing(404);
    if (user === 'closed') return missing(410);
    return { status: 200, head: { title: `${user.nickname} · ${texts.name}`, shareTitle: user.nickname, description: texts.userDescription(user.nickname), canonical: here(area, canonicalPath), alternates: listed.alternates, ogType: 'profile', image: user.avatarUrl ? here(area, user.avatarUrl) : null } };
  }
  return { status: 200, head: listed };
}
