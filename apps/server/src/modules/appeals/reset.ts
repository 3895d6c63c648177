import { and, eq, gt } from 'drizzle-orm';
import { appealTokenProblem, type AppealReset, type Site } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { hashToken } from '../../platform/crypto.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import {
  appealNewPasswordProblem, consumeNewContactCode, isContactTaken, normalizeAppealContact, resetContactByAppeal, resetPasswordByAppeal,
} from '../accounts/index.ts';
import { appeals } from './tables.ts';
import { countTokenCheck } from './tracking.ts';

/** 422 `token: expired`: unknown, used, past its 15 minutes, or its appeal denied — the page says so and goes home. */
const expired = () => fail.unprocessable('token', 'expired');

async function resettableAppeal(deps: Deps, token: string) {
  const [row] = await deps.db.select().from(appeals).where(eq(appeals.tokenHash, hashToken(token)));
  const now = deps.clock.now();
  if (!row || appealTokenProblem({ state: row.state, expires_at_ms: row.tokenExpiresAt?.getTime() ?? null, used: row.completedAt !== null }, now.getTime())) throw expired();
  return row;
}

/**
 * Spends the token and applies the reset in ONE transaction: a conditional UPDATE (resettable, this token,
 * unexpired → completed) that only one of any number of parallel requests can match, then the change with
 * everything it brings (accounts' reset: every session revoked, every old contact told, the recovery hold).
 */
async function spendToken(deps: Deps, token: string, reset: AppealReset, apply: (tx: Tx, accountId: number, now: Date) => Promise<void>) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(appeals).set({ state: 'completed', completedAt: now, resetKind: reset, tokenHash: null, updatedAt: now })
      .where(and(eq(appeals.tokenHash, hashToken(token)), eq(appeals.state, 'resettable'), gt(appeals.tokenExpiresAt, now)))
      .returning({ accountId: appeals.accountId });
    if (!row) throw expired();
    await apply(tx, row.accountId, now);
  });
  deps.outbox.deliverSoon();
  return { reset, completed_at_timestamp: toTimestamp(now) };
}

/** PATCH /api/appeals/{token}/password (docs/product/engagement.md#appeal-reset): a new password, checked as at sign-up. */
export async function resetPasswordWithToken(deps: Deps, ip: string, token: string, input: { password: string; password_confirmation: string }) {
  await countTokenCheck(deps, ip);
  const appeal = await resettableAppeal(deps, token);
  const errors = new FieldErrorList();
  errors.add('password', await appealNewPasswordProblem(deps.db, appeal.accountId, input.password));
  if (input.password_confirmation !== input.password) errors.add('password_confirmation', 'confirmation');
  errors.throwIfAny();
  return spendToken(deps, token, 'password', (tx, accountId, now) => resetPasswordByAppeal(tx, deps, accountId, input.password, now));
}

/**
 * PATCH /api/appeals/{token}/account: a new e-mail or phone, proven by the code sent to it (POST /api/message,
 * purpose bind). Reasons as at sign-up: `email|phone_number: blank | invalid | taken`, `code: invalid | expired`.
 */
export async function resetContactWithToken(deps: Deps, site: Site, ip: string, token: string, input: { email?: string; phone_number?: string; code: string }) {
  await countTokenCheck(deps, ip);
  await resettableAppeal(deps, token);
  const channel = input.email?.trim() ? 'email' : input.phone_number?.trim() ? 'sms' : null;
  const field = channel === 'sms' ? 'phone_number' : 'email';
  if (!channel) throw fail.unprocessable('email', 'blank');
  const target = normalizeAppealContact(channel, (channel === 'email' ? input.email : input.phone_number)!, site.area);
  if (!target) throw fail.unprocessable(field, 'invalid');
  if (await isContactTaken(deps.db, channel, target)) throw fail.unprocessable(field, 'taken');
  if (!input.code.trim()) throw fail.unprocessable('code', 'blank');
  await consumeNewContactCode(deps, target, input.code);
  return spendToken(deps, token, channel === 'email' ? 'email' : 'phone', (tx, accountId, now) => resetContactByAppeal(tx, deps, accountId, channel, target, now));
}
