import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PLATFORM_KINDS } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';

/**
 * An outside account bound to a store account (docs/product/linked-accounts.md). The two unique keys are the
 * binding rules held by the database: one account of each kind per store account, and one store account per
 * outside account (so two requests binding the same SteamID to two accounts cannot both succeed).
 */
export const platformBindings = pgTable('platform_bindings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  kind: text('kind', { enum: PLATFORM_KINDS }).notNull(),
  /** SteamID64, WeChat unionid/openid, Weibo uid. */
  externalId: text('external_id').notNull(),
  /** What the store shows as the binding: the persona or nickname there. */
  showId: text('show_id').notNull(),
  profile: jsonb('profile').$type<{ avatarUrl?: string; profileUrl?: string }>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('platform_bindings_account_kind_key').on(t.accountId, t.kind),
  uniqueIndex('platform_bindings_kind_external_key').on(t.kind, t.externalId),
]);

/**
 * A binding or a sign-in started here and not finished yet: `state` (sent to the provider) is stored hashed with the hash of
 * a nonce kept in the browser's cookie, the account, the provider and where to return. It is used once: the
 * row is deleted when the provider's answer arrives, so a replayed answer finds no state.
 */
export const platformLinkStates = pgTable('platform_link_states', {
  stateHash: text('state_hash').primaryKey(),
  nonceHash: text('nonce_hash').notNull(),
  /** The account binding; null for a sign-in, where the provider's answer decides the account. */
  accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
  kind: text('kind', { enum: PLATFORM_KINDS }).notNull(),
  returnPath: text('return_path').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('platform_link_states_expires_idx').on(t.expiresAt)]);

/**
 * Assertions and codes already accepted (an OpenID response nonce, a hash of an OAuth code), so the same one
 * presented again is refused even with a fresh state. Kept a day: older ones are refused by their age anyway.
 */
export const platformUsedProofs = pgTable('platform_used_proofs', {
  kind: text('kind', { enum: PLATFORM_KINDS }).notNull(),
  proof: text('proof').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.kind, t.proof] }), index('platform_used_proofs_used_idx').on(t.usedAt)]);
