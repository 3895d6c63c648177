import { PRIVATE_WEB_PREFIXES } from '@lantern/contract';

/**
 * A site's robots.txt (docs/product/screens.md#robots-and-sitemaps): every crawler kept out of the API, the
 * user centre, settings, the cart, checkout and messages (pages of one signed-in account), pointed at the site's
 * sitemap.
 */
export function robotsTxt(siteUrl: string): string {
  const kept = ['/api/', '/__dev/', '/sandbox/', ...PRIVATE_WEB_PREFIXES];
  return ['User-agent: *', ...kept.map((prefix) => `Disallow: ${prefix}`), 'Allow: /', '', `Sitemap: ${siteUrl.replace(/\/+$/, '')}/sitemap.xml`, ''].join('\n');
}
