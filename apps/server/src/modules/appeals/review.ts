import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { APPEAL_DENY_TTL_DAYS, APPEAL_HOLD_HOURS, appealHoldEndsAt, appealTransition, type AppealState } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { hashToken, newToken } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';
import { contactsOfAccount } from '../accounts/index.ts';
import { presentForStaff, withAttachmentImages } from './present.ts';
import { appealDenials, appeals } from './tables.ts';
import { appealMessage, denyLink, languageOf, send } from './texts.ts';

/** GET /api/admin/appeals: the queue, newest first, optionally one state. */
export async function listForStaff(deps: Deps, query: { state?: AppealState; page: number; per: number }) {
  const where = query.state ? eq(appeals.state, query.state) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(appeals).where(where).orderBy(desc(appeals.id)).limit(query.per).offset((query.page - 1) * query.per),
    deps.db.select({ n: count() }).from(appeals).where(where),
  ]);
  const now = deps.clock.now();
  return { appeals: rows.map((r) => presentForStaff(r, now)), meta: { total_count: total?.n ?? 0, page: query.page, per: query.per } };
}

export async function appealForStaff(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(appeals).where(eq(appeals.id, id));
  if (!row) throw fail.notFound();
  return withAttachmentImages(deps.db, deps, presentForStaff(row, deps.clock.now()));
}

/**
 * PATCH /api/admin/appeals/{id} (docs/product/engagement.md#appeal-review). Accept: filed → holding for
 * APPEAL_HOLD_HOURS; every current contact of the account is told, each with its own deny link; the contact
 * e-mail is told the reset link comes after the hold. Reject (a reason required, `reason: blank`): filed or
 * holding → rejected, the contact e-mail told why. Staff never set a password or a contact. Another state:
 * 422 `state: state_invalid`. One conditional UPDATE: two staff deciding at once, one wins.
 */
export async function decideAppeal(deps: Deps, staffId: number, id: number, decision: 'accept' | 'reject', reason: string | undefined) {
  if (decision === 'reject' && !reason?.trim()) throw fail.unprocessable('reason', 'blank');
  const now = deps.clock.now();
  const [current] = await deps.db.select().from(appeals).where(eq(appeals.id, id));
  if (!current) throw fail.notFound();
  const from: AppealState[] = (['filed', 'holding', 'resettable'] as const).filter((s) => appealTransition(s, decision) !== null);
  const language = languageOf(current.area);
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx.update(appeals).set(decision === 'accept'
      ? { state: 'holding', acceptedAt: now, holdEndsAt: new Date(appealHoldEndsAt(now.getTime())), reviewedBy: staffId, updatedAt: now }
      : { state: 'rejected', rejectReason: reason!.trim(), reviewedBy: staffId, updatedAt: now })
      .where(and(eq(appeals.id, id), inArray(appeals.state, from))).returning();
    if (!moved) throw fail.unprocessable('state', 'state_invalid');
    if (decision === 'reject') {
      await send(deps, tx, 'email', moved.connectEmail, appealMessage('rejected', language, moved.rejectReason!));
      return;
    }
    await send(deps, tx, 'email', moved.connectEmail, appealMessage('accepted', language, APPEAL_HOLD_HOURS));
    const contacts = await contactsOfAccount(tx, moved.accountId);
    const old = [
      ...(contacts?.email ? [{ channel: 'email' as const, to: contacts.email }] : []),
      ...(contacts?.phone ? [{ channel: 'sms' as const, to: contacts.phone }] : []),
    ];
    for (const contact of old) {
      const token = newToken();
      await tx.insert(appealDenials).values({
        tokenHash: hashToken(token), appealId: id, channel: contact.channel, createdAt: now, expiresAt: new Date(now.getTime() + APPEAL_DENY_TTL_DAYS * 86_400_000),
      });
      await send(deps, tx, contact.channel, contact.to, appealMessage('oldContact', contacts!.language, APPEAL_HOLD_HOURS, denyLink(deps, moved.area, token)));
    }
  });
  deps.outbox.deliverSoon();
  return appealForStaff(deps, id);
}
