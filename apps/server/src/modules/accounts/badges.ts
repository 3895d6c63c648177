import type { Db } from '../../platform/db/client.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';

/** The counts basic info shows on an account (spec's `badges`): unread private messages and notifications. */
export interface AccountBadges {
  private_messages: number;
  notifications: number;
}
/** A badge another module provides; `notifications` is the total of the notification counters (`provideNotiBadges`). */
export type BadgeName = 'private_messages';

/**
 * Where a badge's count comes from, many accounts at once. The module that owns the count (messages,
 * notifications) provides it from its `setup`, so this module never reads their tables; a badge nobody
 * provides is 0.
 */
export type BadgeSource = (db: Db, accountIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

/** Each provided badge's reads, batched per database (platform/batched-loader.ts). */
const badgeReads = new Map<BadgeName, BatchedLoaders<Db, number, number>>();

export function provideBadge(name: BadgeName, source: BadgeSource): void {
  badgeReads.set(name, new BatchedLoaders(source));
}

/** The notification centre's counters on /api/me (spec's `noti_badges`; docs/product/messaging.md#notification-counts). */
export interface NotiBadges {
  total: number;
  comment_num: number;
  at_num: number;
  notice_num: number;
  system_num: number;
}
/** The notification counters of many accounts at once; the notifications module provides it from its `setup`. */
export type NotiBadgesSource = (db: Db, accountIds: readonly number[]) => Promise<ReadonlyMap<number, NotiBadges>>;
const NO_NOTI_BADGES: NotiBadges = { total: 0, comment_num: 0, at_num: 0, notice_num: 0, system_num: 0 };
let notiBadgesSource: NotiBadgesSource | null = null;
/** Read through the source provided when the batch goes (none: nothing found, the counters are 0). */
const notiBadgeReads = new BatchedLoaders<Db, number, NotiBadges>(async (db, ids) => (notiBadgesSource ? notiBadgesSource(db, ids) : new Map()));

/** None provided, the counters are 0. */
export function provideNotiBadges(source: NotiBadgesSource): void {
  notiBadgesSource = source;
}

async function notiBadgesOf(db: Db, accountId: number): Promise<NotiBadges> {
  if (!notiBadgesSource) return NO_NOTI_BADGES;
  return (await notiBadgeReads.load(db, accountId)) ?? NO_NOTI_BADGES;
}

async function badgeOf(db: Db, name: BadgeName, accountId: number): Promise<number> {
  const reads = badgeReads.get(name);
  if (!reads) return 0;
  return (await reads.load(db, accountId)) ?? 0;
}

/**
 * The account's badges and notification counters, each batched like its linked accounts (a burst of GET /api/me
 * costs one statement per source, not one per call), read side by side. The `notifications` badge is the
 * counters' total: one read serves both.
 */
export async function countsOfAccount(db: Db, accountId: number): Promise<{ badges: AccountBadges; noti_badges: NotiBadges }> {
  const [privateMessages, noti] = await Promise.all([badgeOf(db, 'private_messages', accountId), notiBadgesOf(db, accountId)]);
  return { badges: { private_messages: privateMessages, notifications: noti.total }, noti_badges: noti };
}
