import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { KEY_DELIVERY_STATES } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';
import { skus } from '../catalog/tables.ts';
import { orderGames, orders } from '../orders/tables.ts';

export const KEY_TYPES = ['steam', 'uplay', 'epic', 'origin', 'gog', 'other'] as const;
export const ACTIVATION_STATUSES = ['init', 'enabled', 'activated', 'failed'] as const;

/** One load of keys into a SKU's pool: from a CSV by command, from the admin API, or bought from the supplier. */
export const keyBatches = pgTable('key_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  source: text('source', { enum: ['csv', 'api', 'genba'] }).notNull(),
  /** How many keys the batch added (duplicates of keys already in the pool are skipped). */
  added: integer('added').notNull(),
  skipped: integer('skipped').notNull(),
  importedBy: bigint('imported_by', { mode: 'number' }).references(() => accounts.id),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A key (docs/product/buying.md#keys) for a SKU: a game's platform key or a virtual good's code. The code is
 * encrypted at rest and shown only to its owner; `code_hash` (keyed HMAC) refuses the same key twice in a
 * pool. A key is given at most once: it moves available → assigned together with `order_game_id` and
 * `unit` (check), and each unit of an order line holds one key (unique). Assignment takes the oldest available key with
 * `FOR UPDATE SKIP LOCKED`, so concurrent buyers never wait on, nor share, a key.
 */
export const gameKeys = pgTable('game_keys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  batchId: bigint('batch_id', { mode: 'number' }).notNull().references(() => keyBatches.id),
  keyType: text('key_type', { enum: KEY_TYPES }).notNull(),
  codeEnc: text('code_enc').notNull(),
  codeHash: text('code_hash').notNull(),
  state: text('state', { enum: ['available', 'assigned', 'void'] }).notNull(),
  /**
   * An available key set aside for one sale (a flash-sale item, `seckill_item:{id}`): ordinary orders never
   * take it, only the sale's paid units do, so the sale cannot sell units the pool cannot deliver. Null: the
   * open pool. The sale hands what it did not sell back (the column cleared) when it is over.
   */
  setAsideFor: text('set_aside_for'),
  orderGameId: bigint('order_game_id', { mode: 'number' }).references(() => orderGames.id),
  /** Which unit of the line (1…quantity) the key is for: a line of three codes holds three keys. */
  unit: integer('unit'),
  accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
  /** Uplay keys start as init and become enabled (docs/product/buying.md#uplay-keys); others become activated or failed. */
  activationStatus: text('activation_status', { enum: ACTIVATION_STATUSES }).notNull().default('init'),
  activationError: text('activation_error'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('game_keys_sku_code_key').on(t.skuId, t.codeHash),
  uniqueIndex('game_keys_order_game_unit_key').on(t.orderGameId, t.unit),
  index('game_keys_available_idx').on(t.skuId, t.id).where(sql`${t.state} = 'available' AND ${t.setAsideFor} IS NULL`),
  index('game_keys_set_aside_idx').on(t.setAsideFor, t.id).where(sql`${t.state} = 'available' AND ${t.setAsideFor} IS NOT NULL`),
  index('game_keys_account_idx').on(t.accountId, t.keyType, t.assignedAt),
  check('game_keys_assignment_consistent', sql`(${t.state} = 'assigned') = (${t.orderGameId} IS NOT NULL AND ${t.unit} IS NOT NULL AND ${t.accountId} IS NOT NULL)`),
]);

/**
 * Delivery of a key for one unit of an order line of a paid order (docs/product/buying.md#key-delivery;
 * a game line has one unit, a virtual good's line one per code bought): delivered once a key is
 * assigned; pre_ordered while the game is not yet released; ordering while the pool is empty or the
 * supplier (genba) has not answered; refused when the supplier will not sell it (the reason stays in
 * `supplier_error`). Waiting units are filled oldest first when keys arrive. A supplier unit is retried
 * at `next_attempt_at` (null: nothing to ask the supplier).
 */
export const keyDeliveries = pgTable('key_deliveries', {
  orderGameId: bigint('order_game_id', { mode: 'number' }).notNull().references(() => orderGames.id),
  unit: integer('unit').notNull().default(1),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  state: text('state', { enum: KEY_DELIVERY_STATES }).notNull(),
  source: text('source', { enum: ['pool', 'genba'] }).notNull(),
  /** The supplier's last refusal (factory_{reason}, docs/product/buying.md#factory-reasons), shown while the unit waits or once it was refused. */
  supplierError: text('supplier_error'),
  /** Calls made to the supplier for this unit, and when to call next (null: no call due). */
  supplierAttempts: integer('supplier_attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ name: 'key_deliveries_pkey', columns: [t.orderGameId, t.unit] }),
  index('key_deliveries_waiting_idx').on(t.skuId, t.createdAt).where(sql`${t.state} <> 'delivered'`),
  index('key_deliveries_account_idx').on(t.accountId, t.createdAt),
  index('key_deliveries_supplier_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} IS NOT NULL`),
]);
