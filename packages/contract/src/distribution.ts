import { z } from 'zod';
import { COMMISSION_STATES } from '@lantern/domain';
import { currency, listMeta, timestamp } from './common.ts';
import { localized } from './catalog.ts';
import { forumAnswer } from './game-reviews.ts';

/**
 * Distribution, the affiliate programme (docs/product/distribution.md). The two calls of the spec live on the
 * forum host's face: `{ code, data, errorMsg }` with camelCase fields. Money is integer minor units of the site's
 * currency; rates are basis points, also written as the spec's decimal `scale`.
 */
const skuId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /cpsgear/searchScaleBySku: the SKU's commission rate and what one sale at today's price earns (signed in). */
export const scaleBySkuQuery = z.object({ skuId });
export const scaleBySku = z.object({
  skuId: z.number().int(),
  /** The rate as a decimal fraction ("0.05"), "0" when the SKU has none. */
  scale: z.string(),
  scaleBp: z.number().int(),
  /** Today's price and the commission one unit at it earns, in minor units. */
  price: z.number().int(),
  commission: z.number().int(),
  currency,
  /** The signed-in account's code and the link to this SKU's page carrying it. */
  inviteCode: z.string(),
  shareLink: z.string(),
});
export const scaleBySkuAnswer = forumAnswer(scaleBySku);

/** GET /cps/searchInviteCode: the account's own code (signed in), or, with `inviteCode`, whose code it is (anyone). */
export const searchInviteCodeQuery = z.object({ inviteCode: z.string().max(32).optional() });
export const cpsSummary = z.object({
  ordersCount: z.number().int(),
  pendingCommission: z.number().int(),
  /** Earned on paid orders and held until payable (the page's "payable"). */
  earnedCommission: z.number().int(),
  /** Credited to the wallet. */
  paidCommission: z.number().int(),
  canceledCount: z.number().int(),
  currency,
});
export const searchInviteCode = z.object({
  inviteCode: z.string(),
  /** The store home carrying the code. */
  inviteLink: z.string(),
  sharer: z.object({ nickname: z.string(), avatarUrl: z.string().nullable() }),
  /** Whether the code is the caller's own (then `summary` is there). */
  own: z.boolean(),
  attributionDays: z.number().int(),
  summary: cpsSummary.nullable(),
});
export const searchInviteCodeAnswer = forumAnswer(searchInviteCode);

/** POST /api/cps_visits: a signed-in visitor followed a link carrying a code; its orders are attributed for the window. */
export const cpsVisitRequest = z.object({ cps_visit: z.object({ code: z.string().min(1).max(32) }) });
export const cpsVisit = z.object({
  sharer: z.object({ nickname: z.string(), avatar_url: z.string().nullable() }),
  attributed_at_timestamp: timestamp,
  expires_at_timestamp: timestamp,
});
export const cpsVisitResponse = z.object({ cps_visit: cpsVisit });

/** GET /api/me/distribution_orders: orders attributed to the account's code, newest first, with their commission state. */
export const distributionOrderLine = z.object({ sku_id: z.number().int(), sku_name: localized, amount: z.number().int(), rate_bp: z.number().int(), commission: z.number().int() });
export const distributionOrder = z.object({
  order_id: z.number().int(),
  amount: z.number().int(),
  commission: z.number().int(),
  currency,
  state: z.enum(COMMISSION_STATES),
  lines: z.array(distributionOrderLine),
  created_at_timestamp: timestamp,
  settled_at_timestamp: timestamp.nullable(),
  /** While earned: when the hold ends and the payout may credit it (a physical order is also held until it ships). */
  payable_at_timestamp: timestamp.nullable(),
  /** Once paid: when it was credited to the wallet. */
  paid_at_timestamp: timestamp.nullable(),
});
export type DistributionOrder = z.infer<typeof distributionOrder>;
export const distributionOrdersQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const distributionOrdersResponse = z.object({ distribution_orders: z.array(distributionOrder), meta: listMeta });

/** Staff: PUT /api/admin/skus/{id}/commission_rate sets a SKU's rate (basis points); DELETE clears it. */
export const commissionRateRequest = z.object({ commission_rate: z.object({ rate_bp: z.number().int() }) });
export const commissionRate = z.object({ sku_id: z.number().int(), rate_bp: z.number().int(), scale: z.string(), updated_at_timestamp: timestamp });

export type ScaleBySku = z.infer<typeof scaleBySku>;
export type SearchInviteCode = z.infer<typeof searchInviteCode>;

export { DISTRIBUTION_API } from './paths/distribution.ts';
