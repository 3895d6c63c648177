import { discountPercent, effectiveSalePrice } from '@lantern/domain';
import type { LocalizedName } from './tables.ts';

/**
 * The price columns of a SKU, derived together so they never disagree: `effective_price` (what the
 * search orders and filters by) and `discount` follow the domain's price rules. Every writer of
 * SKUs (seeds, tests, later the back office) goes through here.
 */
export function priceColumns(listPrice: number, salePrice: number | null) {
  const effectivePrice = effectiveSalePrice({ sale_price: salePrice, list_price: listPrice });
  return { listPrice, salePrice, effectivePrice, discount: discountPercent(listPrice, effectivePrice) };
}

/** What keyword search matches (trigram index): both names and the English name, lower-cased. */
export function searchTextOf(names: LocalizedName, ename: string): string {
  return [names.chs, names.en, ename]
    .map((s) => s.trim().toLowerCase())
    .filter((s, i, all) => s !== '' && all.indexOf(s) === i)
    .join(' ');
}
