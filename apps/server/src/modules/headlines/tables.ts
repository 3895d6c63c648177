import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HeadlineItem } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';
import type { LocalizedName } from '../catalog/index.ts';

/**
 * Headlines, the store's news (docs/product/headlines.md, decisions/0022). Sections are shared by both sites
 * (named in both languages); articles and drafts belong to one site. Comments, replies and likes on articles
 * are the discussion module's rows (target type `Headline`), not tables here.
 */
export const headlineSections = pgTable('headline_sections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: jsonb('name').$type<LocalizedName>().notNull(),
  category: text('category', { enum: ['news', 'article', 'video', 'radio', 'recommend'] }).notNull(),
  /** A sub-section names its section; the tabs of the headlines home are the sections without a parent. */
  parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => headlineSections.id),
  kind: text('kind', { enum: ['list', 'gallery'] }).notNull().default('list'),
  position: integer('position').notNull().default(0),
}, (t) => [
  check('headline_sections_category_valid', sql`${t.category} IN ('news', 'article', 'video', 'radio', 'recommend')`),
  check('headline_sections_kind_valid', sql`${t.kind} IN ('list', 'gallery')`),
]);

export interface HeadlineRadio {
  accountIds: number[];
  attachment: string | null;
}

/**
 * A published article. `state` is moderation's (decisions/0020): `published` is shown, `hidden` was taken down
 * by staff after a report and can be restored; `deleted_at` takes it down for good. `content_html` went through
 * the community's sanitiser when its draft was saved.
 */
export const headlines = pgTable('headlines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  sectionId: bigint('section_id', { mode: 'number' }).notNull().references(() => headlineSections.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  contentHtml: text('content_html').notNull(),
  coverUrl: text('cover_url'),
  items: jsonb('items').$type<HeadlineItem[]>().notNull().default([]),
  skuId: bigint('sku_id', { mode: 'number' }),
  radio: jsonb('radio').$type<HeadlineRadio>(),
  state: text('state', { enum: ['published', 'pending', 'hidden'] }).notNull().default('published'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  // The lists: a site's newest, and a section's newest, among the shown ones.
  index('headlines_area_published_idx').on(t.area, t.publishedAt, t.id).where(sql`${t.state} = 'published' AND ${t.deletedAt} IS NULL`),
  index('headlines_section_published_idx').on(t.sectionId, t.publishedAt, t.id).where(sql`${t.state} = 'published' AND ${t.deletedAt} IS NULL`),
  check('headlines_state_valid', sql`${t.state} IN ('published', 'pending', 'hidden')`),
]);

/**
 * An editor's draft (docs/product/headlines.md#drafts): written and saved at will, submitted for approval, then
 * published by staff (which writes the article and links it here) or rejected with a reason.
 */
export const headlineDrafts = pgTable('headline_drafts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  sectionId: bigint('section_id', { mode: 'number' }).references(() => headlineSections.id),
  title: text('title').notNull().default(''),
  summary: text('summary').notNull().default(''),
  contentHtml: text('content_html').notNull().default(''),
  coverUrl: text('cover_url'),
  items: jsonb('items').$type<HeadlineItem[]>().notNull().default([]),
  skuId: bigint('sku_id', { mode: 'number' }),
  radio: jsonb('radio').$type<HeadlineRadio>().notNull().default({ accountIds: [], attachment: null }),
  status: text('status', { enum: ['draft', 'submitted', 'published', 'rejected'] }).notNull().default('draft'),
  rejectReason: text('reject_reason'),
  headlineId: bigint('headline_id', { mode: 'number' }).references(() => headlines.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('headline_drafts_account_idx').on(t.accountId, t.updatedAt).where(sql`${t.deletedAt} IS NULL`),
  index('headline_drafts_submitted_idx').on(t.area, t.submittedAt, t.id).where(sql`${t.status} = 'submitted' AND ${t.deletedAt} IS NULL`),
  check('headline_drafts_status_valid', sql`${t.status} IN ('draft', 'submitted', 'published', 'rejected')`),
]);
