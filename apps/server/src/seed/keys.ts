import { and, asc, eq, inArray } from 'drizzle-orm';
import { KEYED_KINDS, SITES, effectiveSalePrice, type Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import type { Tx } from '../platform/db/client.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { selectSkuRows, type SkuRow } from '../modules/catalog/sku-rows.ts';
import { coupons } from '../modules/coupons/tables.ts';
import { gameKeys, keyBatches } from '../modules/keys/tables.ts';
import { libraryGames } from '../modules/library/tables.ts';
import { completePaidOrder } from '../modules/orders/index.ts';
import { orderGames, orders } from '../modules/orders/tables.ts';
import { issueRedeemCodes } from '../modules/redeem/issue.ts';
import { insertAll, insertMany } from './catalog-insert.ts';
import { Prng } from './prng.ts';

const DAY = 86_400_000;
/** Keys per SKU pool in the demo. */
export const DEMO_KEYS_PER_SKU = 20;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Key shapes of the platforms (groups of characters). */
const SHAPES: Record<string, number[]> = { steam: [5, 5, 5], uplay: [4, 4, 4, 4], epic: [5, 5, 5, 5], origin: [4, 4, 4, 4, 4], gog: [6, 6, 6], other: [4, 4, 4, 4] };

/** Redeem codes the demo prints and docs/demo-data.md lists: type them on the redeem page. */
export const DEMO_REDEEM_CODES = {
  native: { game: 'LNTN-GIFT-GAME-2026', points: 'LNTN-GIFT-PNTS-0500', coupon: 'LNTN-GIFT-CPON-1000' },
  abroad: { game: 'LNTN-INTL-GAME-2026', points: 'LNTN-INTL-PNTS-0500', coupon: 'LNTN-INTL-CPON-0500' },
} as const;

function demoKey(rng: Prng, keyType: string): string {
  return (SHAPES[keyType] ?? SHAPES.other!).map((n) => Array.from({ length: n }, () => ALPHABET[rng.int(0, ALPHABET.length - 1)]).join('')).join('-');
}

/** How a demo SKU gets its keys: most have a pool of 20; some none (orders wait: ordering), some come from the supplier. */
export function poolPlan(index: number): 'pool' | 'empty' | 'supplier' {
  if (index % 17 === 5) return 'empty';
  if (index % 17 === 11) return 'supplier';
  return 'pool';
}

/** A completed order of SKUs at their prices, through the same completion as a payment (keys, library). */
async function seedCompletedOrder(tx: Tx, deps: Deps, accountId: number, area: Area, rows: SkuRow[], at: Date): Promise<number> {
  const prices = rows.map((r) => effectiveSalePrice({ sale_price: r.sku.salePrice, list_price: r.sku.listPrice }));
  const total = prices.reduce((a, b) => a + b, 0);
  const [order] = await tx.insert(orders).values({
    accountId, area, type: 'cart', cate: 'game', state: 'pending', currency: SITES[area].currency, listAmount: rows.reduce((a, r) => a + r.sku.listPrice, 0),
    subtotalAmount: total, couponAmount: 0, totalAmount: total, createdAt: at, expiresAt: new Date(at.getTime() + 30 * 60_000),
  }).returning({ id: orders.id });
  await tx.insert(orderGames).values(rows.map((r, i) => ({
    orderId: order!.id, accountId, skuId: r.sku.id, productId: r.sku.productId, skuName: r.sku.skuName, quantity: 1, listPrice: r.sku.listPrice,
    salePrice: prices[i]!, couponAmount: 0, amount: prices[i]!,
  })));
  await completePaidOrder(tx, deps, order!.id, at);
  return order!.id;
}

export interface SeedKeysResult {
  keys: number;
  emptyPools: number;
  supplierSkus: number;
  redeemCodes: typeof DEMO_REDEEM_CODES;
}

/**
 * Key pools for the demo catalogue (20 keys a SKU, shaped like the platform's keys; a few SKUs with an
 * empty pool or supplied by the genba sandbox), a redeem-only coupon and redeem codes per site, and a
 * small library with playtime for the two demo players. One transaction, multi-row inserts.
 */
export async function seedKeysAndCodes(deps: Deps): Promise<SeedKeysResult> {
  const now = deps.clock.now();
  const rng = new Prng(0x6b657973);
  return deps.db.transaction(async (tx) => {
    const rows = await selectSkuRows(tx, inArray(products.kind, [...KEYED_KINDS])).orderBy(asc(skus.id));
    const plans = rows.map((r, i) => ({ row: r, plan: poolPlan(i) }));
    const stocked = plans.filter((p) => p.plan === 'pool');
    const batches = await insertAll(tx, keyBatches, plans.filter((p) => p.plan !== 'empty').map((p) => ({
      skuId: p.row.sku.id, source: p.plan === 'supplier' ? 'genba' as const : 'csv' as const, added: p.plan === 'pool' ? DEMO_KEYS_PER_SKU : 0, skipped: 0,
      note: p.plan === 'supplier' ? 'enrolled with the supplier (demo)' : 'demo stock', createdAt: now,
    })));
    const batchOf = new Map(batches.map((b) => [b.skuId, b.id]));
    const keys = stocked.flatMap(({ row }) => {
      const keyType = row.sku.keyType ?? 'other';
      const codes = new Set<string>();
      while (codes.size < DEMO_KEYS_PER_SKU) codes.add(demoKey(rng, keyType));
      return [...codes].map((code) => ({
        skuId: row.sku.id, batchId: batchOf.get(row.sku.id)!, keyType, codeEnc: deps.secrets.encrypt(code), codeHash: deps.secrets.hmac(code), state: 'available' as const, createdAt: now,
      }));
    });
    await insertMany(tx, gameKeys, keys, 1000);

    const demoAccounts = await tx.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
    const accountOf = (email: string) => demoAccounts.find((a) => a.email === email)?.id ?? null;
    const released = (r: SkuRow) => r.kind === 'game' && r.sku.status === 'sale' && r.sku.region === null && r.sku.releasedAt !== null && r.sku.releasedAt < now;

    for (const area of ['native', 'abroad'] as const) {
      const codes = DEMO_REDEEM_CODES[area];
      // One SKU per product: the player owns a game once, and the gift code's game is one the player does not own.
      const seen = new Set<number>();
      const onArea = stocked.map((p) => p.row).filter((r) => r.sku.area === area && released(r) && !seen.has(r.sku.productId) && seen.add(r.sku.productId));
      const player = accountOf(area === 'native' ? 'demo@lantern.test' : 'player@lantern.test');
      // The player's library: three games bought a while ago with playtime, one waiting for stock.
      const owned = onArea.slice(0, 3);
      const waiting = plans.find((p) => p.plan === 'empty' && p.row.sku.area === area && released(p.row) && !owned.some((o) => o.sku.productId === p.row.sku.productId))?.row;
      if (player !== null && owned.length === 3) {
        await seedCompletedOrder(tx, deps, player, area, owned, new Date(now.getTime() - 40 * DAY));
        if (waiting) await seedCompletedOrder(tx, deps, player, area, [waiting], new Date(now.getTime() - 2 * DAY));
        const playtimes = [162_000, 45_000, 5_400];
        for (const [i, r] of owned.entries()) {
          await tx.update(libraryGames).set({ playtimeSeconds: playtimes[i]!, lastPlayedAt: new Date(now.getTime() - (i + 1) * DAY) })
            .where(and(eq(libraryGames.accountId, player), eq(libraryGames.skuId, r.sku.id)));
        }
      }
      const gift = onArea[3];
      if (gift) await issueRedeemCodes(deps, tx, { area, goods: { kind: 'sku', skuId: gift.sku.id }, codes: [codes.game] });
      await issueRedeemCodes(deps, tx, { area, goods: { kind: 'points', points: 500 }, codes: [codes.points] });
      // A coupon only codes give: it has a secret claim code, so the claim page does not list it.
      const [coupon] = await tx.insert(coupons).values({
        area, title: area === 'native' ? { chs: '兑换礼券 ¥10', en: 'Gift coupon ¥10' } : { chs: '兑换礼券 $5', en: 'Gift coupon $5' }, discountType: 'amount',
        value: area === 'native' ? 1000 : 500, minimumOrder: 0, validFrom: now, validUntil: new Date(now.getTime() + 365 * DAY),
        applyTo: { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [] }, totalAmount: 1000, leftAmount: 1000,
        code: deps.secrets.hmac(`demo-redeem-coupon:${area}`).slice(0, 24), createdAt: now,
      }).returning({ id: coupons.id });
      await issueRedeemCodes(deps, tx, { area, goods: { kind: 'coupon', couponId: coupon!.id }, codes: [codes.coupon] });
      // Codes issued to the player (GET /api/me/code shows them with the code).
      if (player !== null) {
        await issueRedeemCodes(deps, tx, { area, goods: { kind: 'points', points: 100 }, count: 2, ownerAccountId: player, expiresAt: new Date(now.getTime() + 30 * DAY) });
      }
    }
    return { keys: keys.length, emptyPools: plans.filter((p) => p.plan === 'empty').length, supplierSkus: plans.filter((p) => p.plan === 'supplier').length, redeemCodes: DEMO_REDEEM_CODES };
  });
}
