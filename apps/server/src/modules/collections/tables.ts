import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/**
 * What an account collected (docs/product/people.md#collections): a headline or a post, once each — the unique
 * key makes "already collected" hold under concurrent clicks. The target belongs to the module that registered
 * its type, so there is no foreign key to it; an entry whose target is gone shows without it.
 */
export const collections = pgTable('collections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  accessibleType: text('accessible_type', { enum: ['Post', 'Headline'] }).notNull(),
  accessibleId: bigint('accessible_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('collections_account_target_key').on(t.accountId, t.accessibleType, t.accessibleId),
  index('collections_account_list_idx').on(t.accountId, t.id.desc()),
]);
