import { and, eq, gt, inArray } from 'drizzle-orm';
import { appealStateAt, appealTransition } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { hashToken } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';
import { appealDenials, appeals } from './tables.ts';
import { appealMessage, languageOf, send } from './texts.ts';
import { countTokenCheck } from './tracking.ts';

async function denialOf(deps: Deps, token: string) {
  const now = deps.clock.now();
  const [row] = await deps.db.select({ denial: appealDenials, appeal: appeals }).from(appealDenials)
    .innerJoin(appeals, eq(appeals.id, appealDenials.appealId))
    .where(and(eq(appealDenials.tokenHash, hashToken(token)), gt(appealDenials.expiresAt, now)));
  // An unknown or expired link: the page says the link expired and goes home (docs/product/engagement.md#appeal-reasons).
  if (!row) throw fail.unprocessable('token', 'expired');
  return { ...row, now };
}

const answer = (state: Parameters<typeof appealTransition>[0], nowMs: number, holdEndsAt: Date | null, denied: boolean) => {
  const shown = appealStateAt({ state, hold_ends_at_ms: holdEndsAt?.getTime() ?? null }, nowMs);
  return { state: shown, denied, can_deny: appealTransition(shown, 'deny') !== null };
};

/** GET /api/appeal_denials/{token}: what an old contact's deny link shows (whether it can still deny). */
export async function denialState(deps: Deps, ip: string, token: string) {
  await countTokenCheck(deps, ip);
  const { appeal, denial, now } = await denialOf(deps, token);
  return answer(appeal.state, now.getTime(), appeal.holdEndsAt, denial.used);
}

/**
 * POST /api/appeal_denials/{token} (docs/product/engagement.md#appeal-deny): an old contact of the account says
 * "not me" — a holding or resettable appeal becomes denied (its reset token dead with it) and the contact
 * e-mail is told. After the reset, or on a rejected appeal: 422 `state: state_invalid`.
 */
export async function denyAppeal(deps: Deps, ip: string, token: string) {
  await countTokenCheck(deps, ip);
  const { appeal, denial, now } = await denialOf(deps, token);
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx.update(appeals).set({ state: 'denied', deniedAt: now, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
      .where(and(eq(appeals.id, appeal.id), inArray(appeals.state, ['holding', 'resettable']))).returning();
    if (!moved) throw fail.unprocessable('state', 'state_invalid');
    await tx.update(appealDenials).set({ used: true }).where(eq(appealDenials.tokenHash, denial.tokenHash));
    await send(deps, tx, 'email', moved.connectEmail, appealMessage('denied', languageOf(moved.area)));
  });
  deps.outbox.deliverSoon();
  return { state: 'denied' as const, denied: true, can_deny: false };
}
