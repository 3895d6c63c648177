import { and, asc, eq, lte } from 'drizzle-orm';
import { APPEAL_RESET_TOKEN_TTL_SECONDS, appealTokenExpiresAt } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { hashToken, newToken } from '../../platform/crypto.ts';
import { appeals } from './tables.ts';
import { appealMessage, languageOf, resetLink, send } from './texts.ts';

/**
 * Gives a resettable appeal a fresh reset token (valid APPEAL_RESET_TOKEN_TTL_SECONDS, works once, only its
 * hash kept) and e-mails the link to the contact e-mail, in one transaction. `from` is the state it must be in:
 * `holding` when the hold ends (docs/product/engagement.md#appeal-flow), `resettable` when the contact asks again
 * for a link that expired. `holdOver` (the development surface only) ends the hold now. Answers whether it moved.
 */
export async function issueResetToken(deps: Deps, id: number, from: 'holding' | 'resettable', options: { holdOver?: boolean } = {}): Promise<boolean> {
  const now = deps.clock.now();
  const token = newToken();
  const sent = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(appeals)
      .set({ state: 'resettable', tokenHash: hashToken(token), tokenExpiresAt: new Date(appealTokenExpiresAt(now.getTime())), updatedAt: now })
      .where(and(eq(appeals.id, id), eq(appeals.state, from), ...(from === 'holding' && !options.holdOver ? [lte(appeals.holdEndsAt, now)] : [])))
      .returning();
    if (!row) return false;
    await send(deps, tx, 'email', row.connectEmail, appealMessage('reset', languageOf(row.area), APPEAL_RESET_TOKEN_TTL_SECONDS / 60, resetLink(deps, row.area, token)));
    return true;
  });
  if (sent) deps.outbox.deliverSoon();
  return sent;
}

/** Every appeal whose hold is over gets its reset link; the conditional update keeps each to one. */
export async function releaseHeldAppeals(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db.select({ id: appeals.id }).from(appeals)
    .where(and(eq(appeals.state, 'holding'), lte(appeals.holdEndsAt, now))).orderBy(asc(appeals.holdEndsAt)).limit(200);
  let released = 0;
  for (const { id } of due) if (await issueResetToken(deps, id, 'holding')) released++;
  return released;
}

export const appealHoldJob: PeriodicJob = { name: 'appeals.hold-release', everyMs: 60_000, run: releaseHeldAppeals };
