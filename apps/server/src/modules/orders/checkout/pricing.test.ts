import { describe, expect, it } from 'vitest';
import type { SkuRow } from '../../catalog/index.ts';
import type { CheckoutContext, CheckoutLine } from './context.ts';
import { PRICE_ADJUSTERS, catalogPrice, priceLines, promotionalPrice, type PriceAdjuster } from './pricing.ts';

/** Only what pricing reads of a SKU row. */
function line(sku: { listPrice: number; salePrice: number | null }, quantity = 1): CheckoutLine {
  const row = { sku: { ...sku, id: 1, productId: 1, canPointsPay: false, salePoints: null, listPoints: null, supportCashPay: true } } as unknown as SkuRow;
  return { row, quantity };
}
const context = { input: {} } as CheckoutContext;

describe('priceLines', () => {
  it('prices by the catalogue unless a promotion fixed the price: the sale price while set, else the list price', async () => {
    expect(PRICE_ADJUSTERS).toEqual([catalogPrice, promotionalPrice]);
    const [onSale, regular] = await priceLines(context, [line({ listPrice: 9800, salePrice: 6800 }, 2), line({ listPrice: 4800, salePrice: null })]);
    expect(onSale).toMatchObject({ listPrice: 9800, salePrice: 6800, quantity: 2 });
    expect(regular).toMatchObject({ listPrice: 4800, salePrice: 4800 });
  });

  it('takes a price the caller fixed for the SKU (a flash sale) over the catalogue\'s', async () => {
    const flash = { input: { unit_prices: new Map([[1, 1990]]) } } as unknown as CheckoutContext;
    expect((await priceLines(flash, [line({ listPrice: 9800, salePrice: 6800 })]))[0]).toMatchObject({ listPrice: 9800, salePrice: 1990 });
  });

  it('runs adjusters in order, each from the price the one before arrived at, never below zero', async () => {
    const halve: PriceAdjuster = { name: 'flash_sale', adjust: (_line, price) => Math.floor(price / 2) };
    const minus: PriceAdjuster = { name: 'bundle', adjust: (_line, price) => price - 5000 };
    const sku = { listPrice: 9800, salePrice: 6800 };
    expect((await priceLines(context, [line(sku)], [catalogPrice, halve]))[0]!.salePrice).toBe(3400);
    expect((await priceLines(context, [line(sku)], [halve, catalogPrice]))[0]!.salePrice).toBe(6800);
    expect((await priceLines(context, [line(sku)], [catalogPrice, halve, minus]))[0]!.salePrice).toBe(0);
  });
});
