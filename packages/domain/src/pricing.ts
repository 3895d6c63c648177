/**
 * Prices (docs/product/catalogue.md#prices). Money is an integer number of minor units (fen, cents) everywhere;
 * only display formatting ever divides it.
 */
import type { Currency, Language } from './sites.ts';

function assertMinorUnits(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer number of minor units, got ${value}`);
}

/** sale_price falls back to list_price when missing. */
export function effectiveSalePrice(sku: { sale_price?: number | null; list_price: number }): number {
  return sku.sale_price ?? sku.list_price;
}

/**
 * A SKU anyone may take for nothing (docs/product/buying.md#free-orders): its price is 0 and cash may pay it, so
 * the SKU page offers "Get it" and the order completes as it is placed.
 */
export function isFreeToGet(sku: { sale_price?: number | null; list_price: number; support_cash_pay?: boolean }): boolean {
  return effectiveSalePrice(sku) === 0 && sku.support_cash_pay !== false;
}

/**
 * The price of one unit in points (sale_points, falling back to list_points as money prices
 * do), or null when the SKU cannot be paid with points (`can_points_pay` false, or no points price).
 */
export function unitPointsPrice(sku: { can_points_pay: boolean; sale_points?: number | null; list_points?: number | null }): number | null {
  if (!sku.can_points_pay) return null;
  return sku.sale_points ?? sku.list_points ?? null;
}

/**
 * Whole percent off the list price, rounded to nearest. 0 when there is no list price or the sale
 * price is not lower. Never 100 while the sale price is above zero: "-100%" must mean free.
 */
export function discountPercent(listPrice: number, salePrice: number): number {
  assertMinorUnits(listPrice, 'listPrice');
  assertMinorUnits(salePrice, 'salePrice');
  if (listPrice <= 0 || salePrice >= listPrice) return 0;
  if (salePrice <= 0) return 100;
  // round((list - sale) * 100 / list), done as floor((2n + d) / 2d) on integers so that an exact half
  // (a 12.5% discount) always rounds up instead of depending on how the division rounds.
  const percent = Math.floor(((listPrice - salePrice) * 200 + listPrice) / (2 * listPrice));
  return Math.min(percent, 99);
}

/** Minor units per major unit of each currency we sell in. */
export const MINOR_UNITS_PER_MAJOR: Record<Currency, number> = { CNY: 100, USD: 100 };

const FREE_TEXT: Record<Language, string> = { 'zh-CN': '免费', en: 'Free' };

/**
 * One currency formatter per language and currency, made once: building an Intl.NumberFormat costs far more than
 * formatting with it, and a page of game cards formats dozens of prices in its first render.
 */
const currencyFormats = new Map<string, Intl.NumberFormat>();
export function currencyFormat(language: string, currency: Currency): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let format = currencyFormats.get(key);
  if (!format) currencyFormats.set(key, (format = new Intl.NumberFormat(language, { style: 'currency', currency })));
  return format;
}

/** Price 0 is labelled free (docs/product/catalogue.md#free-label); other prices are formatted for the language. */
export function priceLabel(minor: number, currency: Currency, language: Language): { free: boolean; text: string } {
  assertMinorUnits(minor, 'minor');
  if (minor === 0) return { free: true, text: FREE_TEXT[language] };
  const text = currencyFormat(language, currency).format(minor / MINOR_UNITS_PER_MAJOR[currency]);
  return { free: false, text };
}
