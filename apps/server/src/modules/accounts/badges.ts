import type { Db } from '../../platform/db/client.ts';
import { BatchedLoader } from '../../platform/batched-loader.ts';

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

const sources = new Map<BadgeName, BadgeSource>();
const loaders = new WeakMap<Db, Map<BadgeName, BatchedLoader<number, number>>>();

export function provideBadge(name: BadgeName, source: BadgeSource): void {
  sources.set(name, source);
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
const notiLoaders = new WeakMap<Db, BatchedLoader<number, NotiBadges>>();

/** None provided, the counters are 0. */
export function provideNotiBadges(source: NotiBadgesSource): void {
  notiBadgesSource = source;
}

async function notiBadgesOf(db: Db, accountId: number): Promise<NotiBadges> {
  const source = notiBadgesSource;
  if (!source) return NO_NOTI_BADGES;
  let loader = notiLoaders.get(db);
  if (!loader) notiLoaders.set(db, (loader = new BatchedLoader((ids) => source(db, ids))));
  return (await loader.load(accountId)) ?? NO_NOTI_BADGES;
}

async function badgeOf(db: Db, name: BadgeName, accountId: number): Promise<number> {
  const source = sources.get(name);
  if (!source) return 0;
  let perDb = loaders.get(db);
  if (!perDb) loaders.set(db, (perDb = new Map()));
  let loader = perDb.get(name);
  if (!loader) perDb.set(name, (loader = new BatchedLoader((ids) => source(db, ids))));
  return (await loader.load(accountId)) ?? 0;
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
