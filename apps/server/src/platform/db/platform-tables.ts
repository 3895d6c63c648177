import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing e-mail and SMS, written in the same transaction as the change that causes them and delivered
 * after. In development the dev surface reads them (`GET /__dev/outbox`).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
);

/**
 * What staff and admins did through the staff API (every request under /api/admin/, allowed or refused):
 * who, what (route, parameters, a redacted summary of the body: never codes, keys or passwords), when,
 * from where, and how it ended. Written after the answer by platform/audit.ts; rows are never changed.
 * The account is a plain id, not a foreign key: the record outlives whatever happens to the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }),
    role: text('role'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    body: jsonb('body').$type<unknown>(),
    status: integer('status').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt), index('audit_log_account_idx').on(t.accountId, t.createdAt)],
);
