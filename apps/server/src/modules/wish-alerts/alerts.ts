import { and, inArray, sql } from 'drizzle-orm';
import { wishAlertReason, type WishAlertReason } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { findAccount } from '../accounts/index.ts';
import { wishedSkusAfter, type WishCursor, type WishedSku } from '../catalog/index.ts';
import { pushLiveEvents } from '../live/index.ts';
import { notify, settingsOf, type NotifyInput } from '../notifications/index.ts';
import { wishAlertMail } from './mail.ts';
import { wishAlertMarks } from './tables.ts';

/** Wishes compared per transaction: a batch's marks are locked together, so it stays short. */
export const WISH_ALERT_BATCH = 500;

const nameOf = (wish: WishedSku) => (wish.area === 'native' ? wish.name.chs || wish.name.en : wish.name.en || wish.name.chs);

/**
 * The wish-list alert (docs/product/messaging.md#wish-alert; decisions/0027 "Commerce kinds"): walks every wish
 * in (account, SKU) batches, compares each wished SKU's price and release with what it last saw (its marks),
 * and tells the wisher of a drop or a release at most once a week per game (`wishAlertReason`). Per batch, one
 * transaction: the marks move to what was seen, the notifications are written last, and an e-mail is queued in
 * the outbox for each one told whose account turned the e-mail digest on and has an e-mail. Answers how many
 * were told.
 */
export async function runWishAlerts(deps: Deps, batch = WISH_ALERT_BATCH): Promise<number> {
  let after: WishCursor | null = null;
  let told = 0;
  for (;;) {
    const now = deps.clock.now();
    const wishes = await wishedSkusAfter(deps.db, after, batch, now);
    if (wishes.length === 0) return told;
    told += await compareBatch(deps, wishes, now);
    const last = wishes[wishes.length - 1]!;
    after = { accountId: last.accountId, skuId: last.skuId };
    if (wishes.length < batch) return told;
  }
}

async function compareBatch(deps: Deps, wishes: readonly WishedSku[], now: Date): Promise<number> {
  const { events, mailed } = await deps.db.transaction(async (tx) => {
    const accountIds = [...new Set(wishes.map((w) => w.accountId))];
    const skuIds = [...new Set(wishes.map((w) => w.skuId))];
    const marks = await tx.select().from(wishAlertMarks)
      .where(and(inArray(wishAlertMarks.accountId, accountIds), inArray(wishAlertMarks.skuId, skuIds)))
      .for('update');
    const markOf = new Map(marks.map((m) => [`${m.accountId}:${m.skuId}`, m]));
    const due: { wish: WishedSku; reason: WishAlertReason }[] = [];
    const values = wishes.map((wish) => {
      const mark = markOf.get(`${wish.accountId}:${wish.skuId}`);
      const reason = wishAlertReason(mark ? { price: mark.seenPrice, released: mark.seenReleased, toldAt: mark.toldAt } : null, wish, now);
      if (reason) due.push({ wish, reason });
      return { accountId: wish.accountId, skuId: wish.skuId, seenPrice: wish.price, seenReleased: wish.released, toldAt: reason ? now : (mark?.toldAt ?? null) };
    });
    await tx.insert(wishAlertMarks).values(values).onConflictDoUpdate({
      target: [wishAlertMarks.accountId, wishAlertMarks.skuId],
      set: { seenPrice: sql`excluded.seen_price`, seenReleased: sql`excluded.seen_released`, toldAt: sql`excluded.told_at` },
    });
    if (due.length === 0) return { events: [], mailed: 0 };
    const inputs: NotifyInput[] = due.map(({ wish, reason }) => ({
      recipientId: wish.accountId, kind: 'wish', actorId: null, target: { type: 'Sku', id: wish.skuId }, detail: reason, excerpt: nameOf(wish), href: `/sku/${wish.skuId}`,
    }));
    // E-mail only those actually told (the kind on), before `notify`, which must stay the transaction's last statement.
    let mailed = 0;
    for (const { wish, reason } of due) {
      const settings = await settingsOf({ db: tx }, wish.accountId);
      if (!settings.kinds.wish || !settings.email_digest) continue;
      const account = await findAccount(tx, wish.accountId);
      if (!account?.email) continue;
      await deps.outbox.enqueue(tx, wishAlertMail({ to: account.email, area: wish.area, name: nameOf(wish), price: wish.price, reason, link: `/sku/${wish.skuId}` }));
      mailed += 1;
    }
    return { events: await notify(tx, deps, inputs), mailed };
  });
  await pushLiveEvents(deps, events);
  if (mailed > 0) deps.outbox.deliverSoon();
  return events.length;
}

/** Once an hour across instances: a sale or a release is news within the hour, and a quiet run reads only wishes. */
export const wishAlertsJob: PeriodicJob = { name: 'wish alerts', everyMs: 3_600_000, run: (deps) => runWishAlerts(deps) };
