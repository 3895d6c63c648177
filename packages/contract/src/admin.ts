import { z } from 'zod';
import { timestamp } from './common.ts';
import { keyType } from './catalog.ts';

const code = z.string().max(200);

/**
 * POST /api/admin/skus/{id}/keys (staff, admin): keys into a SKU's pool. JSON as below, or a text/csv
 * (or text/plain) body: one code per line, an optional header line `code`, or the `code` column of a CSV
 * with more columns; the key type then comes from `?key_type=` (default: the SKU's).
 */
export const importKeysRequest = z.object({
  keys: z.object({
    key_type: keyType.optional(),
    codes: z.array(code).min(1).max(20_000),
    note: z.string().max(200).optional(),
  }),
});
export const importKeysQuery = z.object({ key_type: keyType.optional(), note: z.string().max(200).optional() });

/** The answer of an import: added to the pool, skipped (already in it, or repeated), and waiting lines filled. */
export const importKeysResult = z.object({
  batch_id: z.number().int(),
  sku_id: z.number().int(),
  added: z.number().int(),
  skipped: z.number().int(),
  delivered: z.number().int(),
});
export type ImportKeysResult = z.infer<typeof importKeysResult>;

/** GET /api/admin/skus/{id}/keys/stock: the pool's counts and the lines waiting for a key. */
export const keyStock = z.object({
  sku_id: z.number().int(),
  /** Keys any order may take (the open pool). */
  available: z.number().int(),
  /** Available keys set aside for running sales (flash-sale items): only their buyers take them. */
  set_aside: z.number().int(),
  assigned: z.number().int(),
  void: z.number().int(),
  waiting: z.object({ ordering: z.number().int(), pre_ordered: z.number().int() }),
  /** Whether the SKU's keys are bought from the supplier (genba) when the pool is empty. */
  supplier: z.boolean(),
  batches: z.array(z.object({
    id: z.number().int(),
    source: z.enum(['csv', 'api', 'genba']),
    added: z.number().int(),
    skipped: z.number().int(),
    imported_by: z.number().int().nullable(),
    note: z.string(),
    created_at_timestamp: timestamp,
  })),
});
export type KeyStock = z.infer<typeof keyStock>;

/** A shipment's state; `canceled` when the buyer canceled the order before it shipped (docs/product/buying.md#shipments). */
export const shipmentState = z.enum(['preparing', 'shipped', 'delivered', 'canceled']);

/** A physical order's shipment (on GET /api/me/orders/{id} as `shipment`). */
export const shipment = z.object({
  state: shipmentState,
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  shipped_at_timestamp: timestamp.nullable(),
  delivered_at_timestamp: timestamp.nullable(),
  updated_at_timestamp: timestamp,
});
export type Shipment = z.infer<typeof shipment>;

/** PATCH /api/admin/orders/{id}/shipment (staff, admin): preparing → shipped (needs tracking_number) → delivered. */
export const updateShipmentRequest = z.object({
  shipment: z.object({
    // Staff move a shipment forward; only the buyer cancels one.
    state: z.enum(['preparing', 'shipped', 'delivered']),
    carrier: z.string().trim().min(1).max(60).optional(),
    tracking_number: z.string().trim().min(1).max(60).optional(),
  }),
});

export { ADMIN_API } from './paths/admin.ts';

/**
 * POST /api/admin/redeem_codes (admins only): issues redeem codes for goods on one site — a game SKU, a
 * coupon or points — optionally to one account and with an end. The plain codes are answered once, here.
 */
export const issueRedeemCodesRequest = z.object({
  redeem_codes: z.object({
    area: z.enum(['native', 'abroad']),
    goods: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('sku'), sku_id: z.number().int().positive() }),
      z.object({ kind: z.literal('coupon'), coupon_id: z.number().int().positive() }),
      z.object({ kind: z.literal('points'), points: z.number().int().min(1).max(1_000_000) }),
    ]),
    count: z.number().int().min(1).max(1_000).default(1),
    owner_account_id: z.number().int().positive().optional(),
    expires_at_timestamp: timestamp.optional(),
  }),
});
export type IssueRedeemCodesRequest = z.infer<typeof issueRedeemCodesRequest>;
export const issuedRedeemCodes = z.object({ redeem_codes: z.array(z.object({ id: z.number().int(), code: z.string() })) });

/** PATCH /api/admin/accounts/{id}/purchase_ban (staff, admin): bars an account from buying, or lifts the bar. */
export const purchaseBanRequest = z.object({ purchase_ban: z.object({ banned: z.boolean() }) });
export const purchaseBanState = z.object({ account_id: z.number().int(), banned: z.boolean(), banned_at_timestamp: timestamp.nullable() });

const couponIds = z.array(z.number().int().positive()).max(500);
const couponTitle = z.string().trim().min(1).max(80);

/**
 * POST /api/admin/coupons (staff, admin): a coupon definition on one site (docs/product/buying.md#coupons). `value` is minor
 * units off (amount) or whole percent off (percentage, 1–100). A coupon with a `code` is claimed by its code
 * (never listed); `apply_to` empty means every game.
 */
export const createCouponRequest = z.object({
  coupon: z.object({
    area: z.enum(['native', 'abroad']),
    title: z.object({ chs: couponTitle, en: couponTitle }),
    discount_type: z.enum(['amount', 'percentage']),
    value: z.number().int().min(1).max(100_000_00),
    minimum_order: z.number().int().min(0).max(100_000_00).default(0),
    valid_from_timestamp: timestamp.optional(),
    valid_until_timestamp: timestamp.optional(),
    apply_to: z.object({
      include_games: z.object({ sku_ids: couponIds.default([]), product_ids: couponIds.default([]) }).default({ sku_ids: [], product_ids: [] }),
      exclude_games: z.object({ sku_ids: couponIds.default([]), product_ids: couponIds.default([]) }).default({ sku_ids: [], product_ids: [] }),
    }).optional(),
    total_amount: z.number().int().min(1).max(10_000_000),
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{4,32}$/).optional(),
    need_captcha: z.boolean().default(false),
  }),
});
export type CreateCouponRequest = z.infer<typeof createCouponRequest>;
