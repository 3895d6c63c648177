import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/** One stored size of an upload: its key in the object store and what it measures. */
export interface StoredSize {
  name: 'original' | 'large' | 'thumb';
  key: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * An uploaded image (docs/product/engagement.md#uploads): whose it is, where its sizes are kept, what kind it
 * is, the bytes received, the site it was uploaded on and whether the watermark was drawn. `key` is the
 * folder of its sizes (`u/{account}/{purpose}/{id}`); a size's URL ends in `{key}/{size}.{ext}`.
 *
 * A guest's upload (docs/product/engagement.md#guest-uploads) has no account but the grant of the appeal form it
 * was made for (`g/{grant}/appeal/{id}`); `kept_at` is set when a filed appeal references it, and one never kept
 * is removed a day after it was made.
 */
export const uploads = pgTable('uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
  guestGrant: text('guest_grant'),
  keptAt: timestamp('kept_at', { withTimezone: true }),
  key: text('key').notNull().unique(),
  sizes: jsonb('sizes').$type<StoredSize[]>().notNull(),
  mime: text('mime', { enum: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] }).notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  watermarked: boolean('watermarked').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('uploads_account_idx').on(t.accountId, t.createdAt),
  index('uploads_guest_grant_idx').on(t.guestGrant).where(sql`${t.guestGrant} IS NOT NULL`),
  // What the sweep removes: guests' uploads no appeal kept, oldest first.
  index('uploads_guest_unkept_idx').on(t.createdAt).where(sql`${t.accountId} IS NULL AND ${t.keptAt} IS NULL`),
  // 4 MB = 4 × 1024 × 1024 bytes (IMAGE_MAX_BYTES).
  check('uploads_bytes_range', sql`${t.bytes} > 0 AND ${t.bytes} <= 4194304`),
  check('uploads_mime_allowed', sql`${t.mime} IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')`),
  check('uploads_key_under_owner', sql`(${t.accountId} IS NOT NULL AND ${t.guestGrant} IS NULL AND ${t.key} LIKE 'u/' || ${t.accountId} || '/%')
    OR (${t.accountId} IS NULL AND ${t.guestGrant} IS NOT NULL AND ${t.key} LIKE 'g/' || ${t.guestGrant} || '/%')`),
]);
