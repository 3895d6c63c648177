import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { NOTICE_KINDS, VERSION_RELEASE_KINDS, VERSION_STATUSES } from '@lantern/domain';
import type { LocalizedName } from '../catalog/tables.ts';

/**
 * A notice of one site (docs/product/notices.md#notices): readable from `published_at` until staff withdraw
 * it. The list index serves "pinned first, newest first" for one site's readable notices.
 */
export const notices = pgTable('notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  content: jsonb('content').$type<LocalizedName>().notNull(),
  pinned: boolean('pinned').notNull().default(false),
  withdrawn: boolean('withdrawn').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [index('notices_list_idx').on(t.area, t.withdrawn, t.pinned, t.publishedAt, t.id)]);

/**
 * A version of the store on the version progress list (docs/product/notices.md#version-progress). One list
 * for both sites: both run the same product. A version number is listed once.
 */
export const versionInfos = pgTable('version_infos', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  version: text('version').notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  description: jsonb('description').$type<LocalizedName>().notNull(),
  status: text('status', { enum: VERSION_STATUSES }).notNull(),
  progress: integer('progress').notNull().default(0),
  plannedAt: timestamp('planned_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('version_infos_version_key').on(t.version),
  check('version_infos_progress_range', sql`${t.progress} between 0 and 100`),
]);

/** A release note of a version: what it adds, improves or fixes. */
export const versionReleases = pgTable('version_releases', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  versionInfoId: bigint('version_info_id', { mode: 'number' }).notNull().references(() => versionInfos.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: VERSION_RELEASE_KINDS }).notNull(),
  content: jsonb('content').$type<LocalizedName>().notNull(),
  position: integer('position').notNull().default(0),
}, (t) => [index('version_releases_info_idx').on(t.versionInfoId)]);
