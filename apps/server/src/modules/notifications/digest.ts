import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { findAccount } from '../accounts/index.ts';
import { digestMail } from './digest-mail.ts';
import { notificationDigests, notifications, notificationSettings } from './tables.ts';

const DAY_MS = 86_400_000;
/** Accounts with the digest on, looked at per batch. */
export const DIGEST_BATCH = 200;

/**
 * The daily e-mail digest (docs/product/messaging.md#email-digest; decisions/0027 "Commerce kinds"): for each
 * account that turned it on and has an e-mail, its unread notifications of the last day, summed up by kind in its
 * site's language, queued in the outbox. At most one a day per account: the digest's row is claimed with a
 * conditional upsert (last sent a day ago or never) in the transaction that queues the e-mail, so two runs
 * (or instances) never both send it. An account with nothing unread of the last day gets nothing. Answers how
 * many were queued.
 */
export async function sendDigests(deps: Deps, batch = DIGEST_BATCH): Promise<number> {
  let after = 0;
  let sent = 0;
  for (;;) {
    const accounts = await deps.db.select({ accountId: notificationSettings.accountId }).from(notificationSettings)
      .where(and(eq(notificationSettings.emailDigest, true), gt(notificationSettings.accountId, after)))
      .orderBy(asc(notificationSettings.accountId)).limit(batch);
    for (const { accountId } of accounts) if (await sendDigest(deps, accountId)) sent += 1;
    if (accounts.length < batch) break;
    after = accounts[accounts.length - 1]!.accountId;
  }
  if (sent > 0) deps.outbox.deliverSoon();
  return sent;
}

async function sendDigest(deps: Deps, accountId: number): Promise<boolean> {
  const now = deps.clock.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const account = await findAccount(deps.db, accountId);
  if (!account?.email) return false;
  return deps.db.transaction(async (tx) => {
    const [last] = await tx.select({ sentAt: notificationDigests.sentAt }).from(notificationDigests).where(eq(notificationDigests.accountId, accountId));
    // Sent within the day: not due. Otherwise the last one is at least a day old, so "the last day" starts after it
    // and nothing is summed up twice.
    if (last && last.sentAt > dayAgo) return false;
    const lines = await tx.select({ kind: notifications.kind, excerpt: notifications.excerpt }).from(notifications)
      .where(and(eq(notifications.recipientId, accountId), isNull(notifications.readAt), gt(notifications.updatedAt, dayAgo)))
      .orderBy(desc(notifications.updatedAt), desc(notifications.id));
    if (lines.length === 0) return false;
    const claimed = await tx.insert(notificationDigests).values({ accountId, sentAt: now })
      .onConflictDoUpdate({ target: notificationDigests.accountId, set: { sentAt: now }, setWhere: sql`${notificationDigests.sentAt} <= ${dayAgo.toISOString()}::timestamptz` })
      .returning({ accountId: notificationDigests.accountId });
    if (claimed.length === 0) return false;
    await deps.outbox.enqueue(tx, digestMail({ to: account.email!, area: account.homeArea, lines: lines.map((l) => ({ kind: l.kind as NotificationKind, excerpt: l.excerpt })) }));
    return true;
  });
}

/** Looks every hour, so each account's digest goes out about a day after its last, across instances once. */
export const emailDigestJob: PeriodicJob = { name: 'notification e-mail digest', everyMs: 3_600_000, run: (deps) => sendDigests(deps) };
