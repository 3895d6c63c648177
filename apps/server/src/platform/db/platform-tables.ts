import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Outgoing e-mail and SMS, written in the same transaction as the change that causes them and delivered
 * after (platform/outbox.ts). The body is sealed with AES-256-GCM and kept only until the message is
 * delivered or given up, except outside production, where the dev surface (`GET /__dev/outbox`) reads it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** `Secrets.encrypt` of the text; '' once delivered or given up in production. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Delivery attempts started, counted when one is claimed (so a crash mid-send still counts). */
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this moment: the enqueue time, then the backoff after each failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one sender holds the message; another may take it over only after it passes (a crash). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Given up after the last attempt failed; never sent again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/**
 * One row per periodic job (platform/jobs.ts): when it is next due, and the lease of the instance running
 * it now. Claiming is one conditional UPDATE, so among instances sharing the database one wins a period.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** Held while a run is in progress and renewed by its instance; a crashed instance's lease runs out. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  leaseOwner: text('lease_owner'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** The last run's failure, null when it succeeded. */
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

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

/**
 * One row: a keyed hash of a fixed text under the APP_SECRET that sealed this database's keys, real names and
 * outbox bodies. A server started with another secret would fail on every sealed value it reads; it refuses to
 * start instead (platform/secret-seal.ts; docs/operations.md#backup-and-restore).
 */
export const secretSeals = pgTable('secret_seals', {
  id: integer('id').primaryKey(),
  check: text('check').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
