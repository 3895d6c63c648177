import { SITES, type Area } from '@lantern/domain';

/** What a page's head tells a search engine and a link preview (docs/product/screens.md#page-metadata). */
export interface PageHead {
  /** The page's title (the tab's), with the site's name. */
  title: string;
  /** What a link preview titles it, without the site's name (which og:site_name carries); the title without one. */
  shareTitle?: string;
  description: string;
  /** This page's address on this site (no query), when it is a page worth indexing. */
  canonical?: string;
  /** The same page on both sites (hreflang alternates), when both sites show it at the same path. */
  alternates?: Record<Area, string>;
  /** Open Graph type and picture (absolute URLs). */
  ogType?: 'website' | 'article' | 'profile' | 'product';
  image?: string | null;
  /** A page for no search engine: a user's own page, a missing one. */
  noindex?: boolean;
  /** No link preview: a page that is not there has nothing to unfurl. */
  noPreview?: boolean;
}

const OG_LOCALES: Record<Area, string> = { native: 'zh_CN', abroad: 'en_US' };

/** Text for an HTML attribute or element: nothing in it can end the element or start another. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cuts a text at `max` characters without leaving half a surrogate pair, whitespace collapsed. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The head's tags for a page: its title, description, canonical address, the other site's same page as
 * alternates (x-default the international site), Open Graph and Twitter card tags. Every value is escaped.
 */
export function renderHead(head: PageHead, siteName: string, area: Area): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const title = clip(head.title, 120);
  const shareTitle = clip(head.shareTitle ?? head.title, 120);
  const description = clip(head.description, 200);
  const tags = [`<title>${escapeHtml(title)}</title>`, meta('name', 'description', description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.alternates) {
    for (const site of ['native', 'abroad'] as const) tags.push(`<link rel="alternate" hreflang="${SITES[site].language}" href="${escapeHtml(head.alternates[site])}">`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.alternates.abroad)}">`);
  }
  if (head.noPreview) return tags.join('');
  tags.push(
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:locale', OG_LOCALES[area]),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'), meta('name', 'twitter:title', shareTitle), meta('name', 'twitter:description', description));
  return tags.join('');
}
