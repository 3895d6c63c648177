import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AppealEvidence } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';

/**
 * An account appeal (docs/product/engagement.md#appeals): proofs from someone who lost access, staff's
 * decision, the hold while old contacts may deny, and the single-use reset token (only its SHA-256 is kept).
 * The once-used password the appellant typed is never stored: only whether it matched (`evidence`).
 */
export const appeals = pgTable('appeals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  /** Where the appellant is reached; proven by a code at filing. Stored normalized. */
  connectEmail: text('connect_email').notNull(),
  knownEmail: text('known_email'),
  knownPhone: text('known_phone'),
  city: text('city'),
  game: text('game'),
  description: text('description').notNull(),
  attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
  evidence: jsonb('evidence').$type<AppealEvidence>().notNull(),
  score: integer('score').notNull(),
  state: text('state', { enum: ['filed', 'holding', 'resettable', 'completed', 'rejected', 'denied'] }).notNull().default('filed'),
  /** The form's signature nonce: a signature files one appeal. */
  signatureNonce: text('signature_nonce').notNull(),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => accounts.id),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  holdEndsAt: timestamp('hold_ends_at', { withTimezone: true }),
  tokenHash: text('token_hash'),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  resetKind: text('reset_kind', { enum: ['password', 'email', 'phone'] }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  deniedAt: timestamp('denied_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('appeals_signature_key').on(t.signatureNonce),
  uniqueIndex('appeals_token_key').on(t.tokenHash),
  index('appeals_contact_idx').on(t.connectEmail, t.id),
  index('appeals_account_idx').on(t.accountId),
  index('appeals_holding_idx').on(t.holdEndsAt).where(sql`${t.state} = 'holding'`),
  check('appeals_completed_consistent', sql`(${t.state} = 'completed') = (${t.completedAt} is not null)`),
]);

/** A contact's access to its appeals' list and detail (docs/product/engagement.md#appeal-tracking): the hash of a random token. */
export const appealTrackers = pgTable('appeal_trackers', {
  tokenHash: text('token_hash').primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  connectEmail: text('connect_email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A deny link sent to one old contact of an accepted appeal's account (hash of the token). */
export const appealDenials = pgTable('appeal_denials', {
  tokenHash: text('token_hash').primaryKey(),
  appealId: bigint('appeal_id', { mode: 'number' }).notNull().references(() => appeals.id),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  used: boolean('used').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('appeal_denials_appeal_idx').on(t.appealId)]);
