import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { INVITE_QUALIFYING_ACTS, INVITE_STATES } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';

/** One invite code per account, made the first time it is asked for (docs/product/engagement.md#invitations). */
export const inviteCodes = pgTable('invite_codes', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey().references(() => accounts.id),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('invite_codes_code_key').on(t.code)]);

/**
 * An account that signed up through an invite code. One row per invitee (the key): an invite is consumed
 * once. `registered` becomes `rewarded` once, by a conditional UPDATE in the transaction that gives the
 * inviter its points; `duplicate` (same device or address within the window) never does.
 */
export const inviteRegisters = pgTable('invite_registers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  inviterId: bigint('inviter_id', { mode: 'number' }).notNull().references(() => accounts.id),
  inviteeId: bigint('invitee_id', { mode: 'number' }).notNull().references(() => accounts.id),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  ip: text('ip').notNull(),
  deviceId: text('device_id'),
  state: text('state', { enum: INVITE_STATES }).notNull(),
  rewardPoints: integer('reward_points').notNull().default(0),
  qualifiedBy: text('qualified_by', { enum: INVITE_QUALIFYING_ACTS }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('invite_registers_invitee_key').on(t.inviteeId),
  index('invite_registers_inviter_idx').on(t.inviterId, t.id),
  index('invite_registers_ip_idx').on(t.ip, t.createdAt),
  index('invite_registers_device_idx').on(t.deviceId, t.createdAt),
]);
