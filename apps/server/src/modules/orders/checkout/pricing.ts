import { effectiveSalePrice, unitPointsPrice } from '@lantern/domain';
import type { CheckoutContext, CheckoutLine } from './context.ts';

/** A line with the prices it is sold at, in minor units of the site's currency (points for `pointsPrice`). */
export interface PricedLine extends CheckoutLine {
  listPrice: number;
  /** What one unit costs after every price adjuster. */
  salePrice: number;
  /** Points for one unit when the SKU can be paid with points, else null. */
  pointsPrice: number | null;
  /** False when the SKU is sold for points only. */
  cashPayable: boolean;
}

/**
 * One rule that sets a unit's price: given the price the adjusters before it arrived at, it answers the
 * price to continue with. Promotional prices (a flash sale, a bundle deal) are adjusters placed after
 * the catalogue's own price; each may read what it needs through the context.
 */
export interface PriceAdjuster {
  name: string;
  adjust(line: CheckoutLine, unitPrice: number, context: CheckoutContext): number | Promise<number>;
}

/** The catalogue's price: the sale price while one is set, else the list price. */
export const catalogPrice: PriceAdjuster = {
  name: 'catalog_price',
  adjust: ({ row }) => effectiveSalePrice({ sale_price: row.sku.salePrice, list_price: row.sku.listPrice }),
};

/** A price the caller fixed for the SKU (a flash sale's, set by promotions), replacing the catalogue's. */
export const promotionalPrice: PriceAdjuster = {
  name: 'promotional_price',
  adjust: ({ row }, unitPrice, context) => context.input.unit_prices?.get(row.sku.id) ?? unitPrice,
};

/** The adjusters every order runs, in order. */
export const PRICE_ADJUSTERS: readonly PriceAdjuster[] = [catalogPrice, promotionalPrice];

/** Prices each line from its list price through the adjusters, in order; a price never goes below zero. */
export async function priceLines(context: CheckoutContext, lines: readonly CheckoutLine[], adjusters: readonly PriceAdjuster[] = PRICE_ADJUSTERS): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    let unitPrice = line.row.sku.listPrice;
    for (const adjuster of adjusters) unitPrice = Math.max(0, await adjuster.adjust(line, unitPrice, context));
    const sku = line.row.sku;
    priced.push({
      ...line,
      listPrice: context.input.list_prices?.get(sku.id) ?? sku.listPrice,
      salePrice: unitPrice,
      pointsPrice: unitPointsPrice({ can_points_pay: sku.canPointsPay, sale_points: sku.salePoints, list_points: sku.listPoints }),
      cashPayable: sku.supportCashPay,
    });
  }
  return priced;
}
