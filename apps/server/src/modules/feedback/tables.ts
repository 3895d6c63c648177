import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { FEEDBACK_KINDS, FEEDBACK_STATUSES } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';

/**
 * A feedback an account sent (docs/product/notices.md#feedback): its text, up to four screenshots (URLs of
 * the writer's own uploads), and where staff have got with it.
 */
export const feedbacks = pgTable('feedbacks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  kind: text('kind', { enum: FEEDBACK_KINDS }).notNull(),
  content: text('content').notNull(),
  contact: text('contact'),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  pageUrl: text('page_url'),
  status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('open'),
  staffReply: text('staff_reply'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('feedbacks_account_idx').on(t.accountId, t.createdAt),
  index('feedbacks_status_idx').on(t.status, t.createdAt),
]);
