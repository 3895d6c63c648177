import { paths } from '../lib/paths';

/**
 * The deals pages, one header entry ("Deals") between them: flash sales, bundles, the points shop. Apart from
 * DealsNav.tsx: the header (on every page) asks only whether a path is one of them, and the bundler places code by
 * module, so the deals pages' row of links stays with those pages (docs/decisions/0042-first-paint.md).
 */
export const DEALS_PAGES = [
  { to: paths.flashSales, key: 'nav.flash_sales' },
  { to: paths.bundles, key: 'nav.bundles' },
  { to: paths.pointsShop, key: 'nav.points_shop' },
] as const;

/** Whether a path is one of the deals pages (or below one), so the header's "Deals" shows as the current section. */
export const isDealsPath = (pathname: string) => DEALS_PAGES.some((p) => pathname === p.to || pathname.startsWith(`${p.to}/`));
