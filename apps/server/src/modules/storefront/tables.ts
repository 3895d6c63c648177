import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedName } from '../catalog/tables.ts';

/**
 * Custom layouts (GET /api/custom/layouts, docs/product/catalogue.md#custom-layouts-and-layout-packs): a named page of content packs per area, published or
 * draft. Staff preview drafts through the preview variants.
 */
export const customLayouts = pgTable('custom_layouts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  slug: text('slug').notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  status: text('status', { enum: ['published', 'draft'] }).notNull().default('published'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One piece of merchandising content (docs/product/catalogue.md#layout-content): a banner, the spring board, a booth,
 * box, cube, ellipse, tagged-games row or a custom layout's pack. It shows on its area only between its
 * start and end times, and only when published (drafts are for staff previews).
 */
export const layoutContents = pgTable('layout_contents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  kind: text('kind', { enum: ['banner', 'springboard', 'booth', 'box', 'cube', 'ellipse', 'tagged', 'pack'] }).notNull(),
  /** For cubes: Hot_Group, Mall_Index_Headline, Mall_Index_Game… (some kinds are capped, docs/product/catalogue.md#cube-caps). */
  cubeKind: text('cube_kind'),
  /** Where it shows: store (home), peripheral (the peripheral shop home), or a custom layout. */
  placement: text('placement', { enum: ['store', 'peripheral', 'layout'] }).notNull().default('store'),
  layoutId: bigint('layout_id', { mode: 'number' }).references(() => customLayouts.id),
  theme: text('theme').notNull().default('default'),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  subtitle: jsonb('subtitle').$type<LocalizedName>(),
  /** A link target inside the store (e.g. /sku/12, /search?tag=3) for banners and ellipses. */
  link: text('link'),
  /** Seed of the drawn artwork. */
  imageSeed: text('image_seed'),
  status: text('status', { enum: ['published', 'draft'] }).notNull().default('published'),
  position: integer('position').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
}, (t) => [index('layout_contents_area_kind_idx').on(t.area, t.placement, t.kind, t.position)]);

/** What a content item shows (its relations, ordered by custom weight): SKUs, tags or products. */
export const layoutRelations = pgTable('layout_relations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => layoutContents.id),
  targetType: text('target_type', { enum: ['sku', 'tag', 'product'] }).notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  /** Higher weight shows first. */
  customWeight: integer('custom_weight').notNull().default(0),
}, (t) => [index('layout_relations_content_idx').on(t.contentId, t.customWeight)]);
