import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/** Names in both languages (`chs` and `en`). */
export interface LocalizedName {
  chs: string;
  en: string;
}

export const categories = pgTable('categories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Which shop the category belongs to: games (and their extras) or peripherals. */
  shop: text('shop', { enum: ['game', 'peripheral'] }).notNull(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  slug: text('slug').notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [uniqueIndex('categories_slug_key').on(t.shop, t.slug)]);

export const tags = pgTable('tags', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** genre, feature and theme tags for games; peri for the peripheral shop's navigation tags. */
  kind: text('kind', { enum: ['genre', 'feature', 'theme', 'peri'] }).notNull(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  slug: text('slug').notNull(),
  position: integer('position').notNull().default(0),
  /** Changes whenever the tag changes, for the client's "tag list by timestamp" cache. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('tags_slug_key').on(t.kind, t.slug)]);

/** A product: one game, extra, virtual good or peripheral, sold through one or more SKUs (one per area and edition). */
export const products = pgTable('products', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  cate: text('cate', { enum: ['game', 'virtual', 'physical'] }).notNull(),
  /** game (a base game), dlc (needs its base game), bundle (holds other SKUs), virtual (goods), peripheral. */
  kind: text('kind', { enum: ['game', 'dlc', 'bundle', 'virtual', 'peripheral'] }).notNull(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  developer: text('developer').notNull().default(''),
  publisher: text('publisher').notNull().default(''),
  /** For a DLC: the base game's product. */
  baseProductId: bigint('base_product_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('products_base_idx').on(t.baseProductId)]);

/**
 * A purchasable unit (docs/product/catalogue.md#products-skus-and-editions): one edition of a product on one area, with its prices in the area's
 * currency (integer minor units). `sale_price` null means no discount (it falls back to `list_price`).
 */
export const skus = pgTable('skus', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  /** Null: sold in every region of the area. Otherwise only to users of that region (docs/product/catalogue.md#sku-region). */
  region: text('region'),
  status: text('status', { enum: ['sale', 'pre_sale', 'off', 'unpublished'] }).notNull().default('sale'),
  /** The edition's name: Standard, Deluxe, Ultimate…; empty for single-edition products. */
  edition: jsonb('edition').$type<LocalizedName>().notNull(),
  editionPosition: integer('edition_position').notNull().default(0),
  skuName: jsonb('sku_name').$type<LocalizedName>().notNull(),
  skuEname: text('sku_ename').notNull(),
  listPrice: integer('list_price').notNull(),
  salePrice: integer('sale_price'),
  /** Whole percent off the list price, kept in step with the prices (for ordering by discount). */
  discount: integer('discount').notNull().default(0),
  /** The effective price (sale, else list), kept for ordering and price filters. */
  effectivePrice: integer('effective_price').notNull(),
  listPoints: integer('list_points'),
  salePoints: integer('sale_points'),
  canPointsPay: boolean('can_points_pay').notNull().default(false),
  supportCashPay: boolean('support_cash_pay').notNull().default(true),
  keyType: text('key_type', { enum: ['steam', 'uplay', 'epic', 'origin', 'gog', 'other'] }),
  /** Seed of the drawn cover art and its palette; covers are drawn by the program (no downloads). */
  coverSeed: text('cover_seed').notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  /** User score 0–100. */
  score: integer('score').notNull().default(0),
  wishesCount: integer('wishes_count').notNull().default(0),
  /** Merchandising rank: higher shows first. */
  rank: integer('rank').notNull().default(0),
  categoryId: bigint('category_id', { mode: 'number' }).references(() => categories.id),
  /** Lower-cased names in both languages and the English name, for keyword search (trigram index). */
  searchText: text('search_text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('skus_product_idx').on(t.productId),
  index('skus_area_rank_idx').on(t.area, t.rank),
  index('skus_area_price_idx').on(t.area, t.effectivePrice),
  index('skus_area_released_idx').on(t.area, t.releasedAt),
  index('skus_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  check('skus_prices_valid', sql`${t.listPrice} >= 0 AND (${t.salePrice} IS NULL OR ${t.salePrice} >= 0)`),
]);

export const skuTags = pgTable('sku_tags', {
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  tagId: bigint('tag_id', { mode: 'number' }).notNull().references(() => tags.id),
}, (t) => [primaryKey({ columns: [t.skuId, t.tagId] }), index('sku_tags_tag_idx').on(t.tagId, t.skuId)]);

/** A bundle SKU and the SKUs it holds. */
export const bundleItems = pgTable('bundle_items', {
  bundleSkuId: bigint('bundle_sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.bundleSkuId, t.skuId] }), index('bundle_items_sku_idx').on(t.skuId)]);

/** Related products (a product's `relation`) and other products of the same developer. */
export const productRelations = pgTable('product_relations', {
  productId: bigint('product_id', { mode: 'number' }).notNull().references(() => products.id),
  relatedProductId: bigint('related_product_id', { mode: 'number' }).notNull().references(() => products.id),
  kind: text('kind', { enum: ['related', 'developer'] }).notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.relatedProductId, t.kind] })]);

/** Store-page text of one SKU's edition, per language (chs, en, default). */
export interface EditionDetail {
  title: string;
  headline: string;
  activation: string;
  description: string;
  summary: string;
  videos: string[];
  media: { kind: 'image' | 'video'; seed: string; caption: string }[];
  system_requirements: { minimum: Record<string, string>; recommended: Record<string, string> };
  background: string;
  noumenon_version: string;
  copyright: string;
}

export const editions = pgTable('editions', {
  skuId: bigint('sku_id', { mode: 'number' }).primaryKey().references(() => skus.id),
  details: jsonb('details').$type<{ chs: EditionDetail; en: EditionDetail; default: EditionDetail }>().notNull(),
});

/** Per-region prices and dates of an edition (`edition_region`). */
export const editionRegions = pgTable('edition_regions', {
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  region: text('region').notNull(),
  listPrice: integer('list_price').notNull(),
  salePrice: integer('sale_price'),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  syncAt: timestamp('sync_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.skuId, t.region] })]);

/** A wish per account and SKU; the SKU fixes the area. Feeds skus.wishes_count. */
export const wishes = pgTable('wishes', {
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  skuId: bigint('sku_id', { mode: 'number' }).notNull().references(() => skus.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.accountId, t.skuId] }), index('wishes_account_area_idx').on(t.accountId, t.area, t.createdAt)]);
