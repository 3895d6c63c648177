import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  CODE_MAX_ATTEMPTS, CODE_RESEND_INTERVAL_SECONDS, CODE_SEND_WINDOW_SECONDS, VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS, codeSendDecision, type CodePurpose, type Site,
} from '@lantern/domain';
import type { SendCodeRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newNumericCode } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { verificationCodes } from './tables.ts';
import { findAccount, findAccountByContact, normalizeContact } from './lookup.ts';


const SUBJECTS = {
  'zh-CN': '灯笼游戏验证码',
  en: 'Your Lantern verification code',
} as const;

function codeText(site: Site, code: string) {
  return site.language === 'zh-CN'
    ? `您的灯笼游戏验证码是 ${code}，${VERIFICATION_CODE_TTL_SECONDS / 60} 分钟内有效。请勿告诉他人。`
    : `Your Lantern verification code is ${code}. It is valid for ${VERIFICATION_CODE_TTL_SECONDS / 60} minutes. Do not share it.`;
}

/**
 * POST /api/message. Which purposes need an existing account and which need a free address follows the
 * product's reasons (docs/product/errors.md: email taken / not_found, number used / not_found).
 */
export async function sendCode(deps: Deps, site: Site, ip: string, accountId: number | null, input: SendCodeRequest['message']) {
  const channel = input.type === 'Email' ? 'email' : 'sms';
  // An appeal's contact is an e-mail, free or bound to any account (docs/product/engagement.md#appeals).
  if (input.purpose === 'appeal' && channel !== 'email') throw fail.unprocessable('type', 'invalid');
  const toBoundContact = input.purpose === 'unbind' || input.purpose === 'reauthenticate';
  if (!toBoundContact && !input.target?.trim()) throw fail.unprocessable('target', 'blank');
  const target = toBoundContact ? await boundContact(deps, accountId, channel) : normalizeContact(channel, input.target!, site.area);
  if (!target) throw fail.unprocessable('target', 'invalid');

  const existing = await findAccountByContact(deps.db, channel, target);
  const needsFree = input.purpose === 'sign_up' || input.purpose === 'bind';
  if (needsFree && existing) throw fail.unprocessable('target', channel === 'sms' ? 'used' : 'taken');
  const needsAccount = input.purpose === 'sign_in' || input.purpose === 'reset_password' || input.purpose === 'unlock';
  if (needsAccount && !existing) throw fail.unprocessable('target', 'not_found');

  const now = deps.clock.now();
  const nowSec = toTimestamp(now);
  const ipHour = await deps.limiter.hit(`code-ip:${ip}`, deps.config.CODE_SENDS_PER_IP_PER_HOUR, 3600);
  if (!ipHour.allowed) throw fail.tooMany('rate_limit', ipHour.retryAfter);

  const history = await sendHistory(deps.db, target, input.purpose, now);
  let decision = codeSendDecision(history, nowSec, false);
  if (decision === 'ok' && ipHour.count > deps.config.CODE_SENDS_PER_IP_BEFORE_CAPTCHA) decision = 'captcha';
  // A captcha is checked (and so spent) only when one is required, so a form that also needs the same
  // captcha for its own submit (sign-up) keeps it.
  const captchaGiven = Boolean(input.captcha_id && input.captcha);
  if (decision === 'captcha' && captchaGiven && (await deps.captcha.verify(input.captcha_id, input.captcha))) decision = 'ok';
  if (decision === 'frequently') {
    const wait = CODE_RESEND_INTERVAL_SECONDS - (nowSec - (history.lastSentAtSec ?? nowSec));
    throw fail.tooMany('frequently', wait);
  }
  if (decision === 'captcha') {
    throw fail.unprocessable('captcha', captchaGiven ? 'invalid' : 'need_captcha', { need_captcha: true });
  }

  const code = newNumericCode(VERIFICATION_CODE_LENGTH);
  await deps.db.transaction(async (tx) => {
    await tx.insert(verificationCodes).values({
      target,
      purpose: input.purpose,
      codeHash: deps.secrets.hmac(`${target}:${input.purpose}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
    });
    await deps.outbox.enqueue(tx, { channel, recipient: target, subject: SUBJECTS[site.language], body: codeText(site, code) });
  });
  deps.outbox.deliverSoon();
  return { sent: true as const, resend_after: CODE_RESEND_INTERVAL_SECONDS, expires_in: VERIFICATION_CODE_TTL_SECONDS };
}

/**
 * The signed-in account's own e-mail or phone: an unbind or reauthentication code always goes to the
 * bound address, so the client need not (and cannot) name another one.
 */
async function boundContact(deps: Deps, accountId: number | null, channel: 'email' | 'sms'): Promise<string> {
  if (accountId === null) throw fail.unauthorized();
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.unauthorized();
  const bound = channel === 'email' ? account.email : account.phone;
  if (!bound) throw fail.unprocessable('target', 'not_bound');
  return bound;
}

async function sendHistory(db: DbOrTx, target: string, purpose: CodePurpose, now: Date) {
  const since = new Date(now.getTime() - CODE_SEND_WINDOW_SECONDS * 1000);
  const [row] = await db
    .select({ last: sql<Date | null>`max(${verificationCodes.createdAt})`, count: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, since)));
  const last = row?.last ? new Date(row.last) : null;
  return { lastSentAtSec: toTimestamp(last), sendsInWindow: row?.count ?? 0 };
}

/**
 * Checks and spends a code: the newest unspent code for the target and purpose, at most CODE_MAX_ATTEMPTS
 * guesses, used once. The guess is counted before it is compared, in one conditional update
 * (`attempts = attempts + 1 WHERE attempts < max`), so a burst of parallel guesses gets no more tries than
 * the same guesses one after another; a code whose tries are spent is dead, even for the right digits.
 * Callers check everything else first and call this just before their write, so a code is not spent on a
 * doomed request. It runs on its own rather than in the caller's transaction so that a wrong guess is
 * counted even though the request fails. `field` names the request field the code came in.
 */
export async function consumeCode(deps: Deps, target: string, purpose: CodePurpose, code: string, field = 'code') {
  await consumeCodeOf(deps, [target], purpose, code, field);
}

/** The same, for a code sent to any one of several targets (the account's bound e-mail or phone). */
export async function consumeCodeOf(deps: Deps, targets: readonly string[], purpose: CodePurpose, code: string, field: string) {
  const now = deps.clock.now();
  const [latest] = targets.length === 0 ? [] : await deps.db
    .select({ id: verificationCodes.id, target: verificationCodes.target })
    .from(verificationCodes)
    .where(and(inArray(verificationCodes.target, [...targets]), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!latest) throw fail.unprocessable(field, 'invalid');
  const [counted] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, latest.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS), isNull(verificationCodes.consumedAt)))
    .returning({ codeHash: verificationCodes.codeHash, expiresAt: verificationCodes.expiresAt });
  if (!counted) throw fail.unprocessable(field, 'invalid');
  if (counted.expiresAt <= now) throw fail.unprocessable(field, 'expired');
  if (counted.codeHash !== deps.secrets.hmac(`${latest.target}:${purpose}:${code.trim()}`)) throw fail.unprocessable(field, 'invalid');
  const spent = await deps.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (spent.length === 0) throw fail.unprocessable(field, 'invalid');
}
