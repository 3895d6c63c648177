import { WEB_PAGES, type WebPage } from '@lantern/contract';
import { SITES, type Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { sitemapSkus } from '../modules/catalog/index.ts';
import { sitemapPosts } from '../modules/community/index.ts';
import { sitemapHeadlines } from '../modules/headlines/index.ts';
import { escapeHtml } from './page-head.ts';

/** Addresses per sitemap file: well under the format's 50,000, so a file stays small and quick to build. */
export const SITEMAP_PAGE_SIZE = 5000;
/** Files per kind at most: the sitemap is bounded (100,000 of each kind), however much there is. */
export const SITEMAP_MAX_FILES = 20;

/** The public pages with a fixed address that a search engine should know (not the user centre, sign-in or errors). */
const FIXED_PAGES: readonly WebPage[] = ['root', 'community', 'headlines', 'talks', 'peripheral', 'pointsShop', 'bundles', 'flashSales', 'notices', 'versions', 'terms', 'privacy'];

export const SITEMAP_KINDS = ['games', 'posts', 'headlines'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface Entry {
  path: string;
  changedAt?: Date;
}

/** One page of a kind's addresses on a site, and how many there are in all. */
async function entriesOf(deps: Deps, area: Area, kind: SitemapKind, page: number, per: number): Promise<{ total: number; entries: Entry[] }> {
  const offset = (page - 1) * per;
  if (kind === 'games') {
    const { total, ids } = await sitemapSkus(deps, area, SITES[area].regionDefault, offset, per);
    return { total, entries: ids.map((id) => ({ path: `/sku/${id}` })) };
  }
  const { total, items } = kind === 'posts' ? await sitemapPosts(deps, offset, per) : await sitemapHeadlines(deps, area, offset, per);
  return { total, entries: items.map((i) => ({ path: `/${kind}/${i.id}`, changedAt: i.changedAt })) };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

function urlset(siteUrl: string, entries: Entry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeHtml(base(siteUrl) + e.path)}</loc>${e.changedAt ? `<lastmod>${e.changedAt.toISOString()}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap index of a site (/sitemap.xml): its fixed pages' file, then each kind's files as many as its count needs. */
export async function sitemapIndex(deps: Deps, area: Area): Promise<string> {
  const siteUrl = deps.config.siteUrls[area];
  const files = ['pages.xml'];
  for (const kind of SITEMAP_KINDS) {
    const { total } = await entriesOf(deps, area, kind, 1, 0);
    const count = Math.min(SITEMAP_MAX_FILES, Math.ceil(total / SITEMAP_PAGE_SIZE));
    for (let n = 1; n <= count; n++) files.push(`${kind}-${n}.xml`);
  }
  const items = files.map((f) => `<sitemap><loc>${escapeHtml(`${base(siteUrl)}/sitemaps/${f}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One sitemap file of a site (/sitemaps/{name}): `pages.xml`, or `{kind}-{n}.xml`; null for a name that is no
 * file (an unknown kind, a number past the bound or past the last page).
 */
export async function sitemapFile(deps: Deps, area: Area, name: string): Promise<string | null> {
  const siteUrl = deps.config.siteUrls[area];
  if (name === 'pages.xml') return urlset(siteUrl, FIXED_PAGES.map((p) => ({ path: WEB_PAGES[p] })));
  const match = /^([a-z]+)-([1-9]\d{0,2})\.xml$/.exec(name);
  const kind = SITEMAP_KINDS.find((k) => k === match?.[1]);
  const page = Number(match?.[2]);
  if (!kind || page > SITEMAP_MAX_FILES) return null;
  const { entries } = await entriesOf(deps, area, kind, page, SITEMAP_PAGE_SIZE);
  return entries.length || page === 1 ? urlset(siteUrl, entries) : null;
}
