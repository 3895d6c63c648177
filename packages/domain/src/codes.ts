/**
 * One-time verification codes sent by SMS or e-mail (POST /api/message.json). The product names the
 * flows that use them, not their limits; these follow common practice for SMS codes in China.
 */
export const VERIFICATION_CODE_LENGTH = 6;
/** Ten minutes: long enough for a slow SMS, short enough that a leaked code soon stops working. */
export const VERIFICATION_CODE_TTL_SECONDS = 600;
/** One send per target per minute: SMS costs money and people press "send" repeatedly. */
export const CODE_RESEND_INTERVAL_SECONDS = 60;
/** Sends to one target within an hour before a captcha is required, against SMS bombing. */
export const CODE_SENDS_BEFORE_CAPTCHA = 3;
export const CODE_SEND_WINDOW_SECONDS = 3600;
/** Wrong entries before a code is burnt: 5 guesses of 10^6 leaves a 1 in 200,000 chance. */
export const CODE_MAX_ATTEMPTS = 5;

/**
 * `reauthenticate` proves the owner before a password or contact change (a stolen session alone is not
 * enough); like `unbind`, it always goes to a contact already bound to the signed-in account.
 */
export const CODE_PURPOSES = ['sign_up', 'sign_in', 'reset_password', 'bind', 'unbind', 'unlock', 'reauthenticate', 'appeal'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export function isCodePurpose(value: unknown): value is CodePurpose {
  return typeof value === 'string' && (CODE_PURPOSES as readonly string[]).includes(value);
}

/** Six ASCII digits, nothing else. */
export function isVerificationCodeFormat(code: string | null | undefined): boolean {
  return code != null && new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code);
}

export function codeExpiresAt(sentAtSec: number): number {
  return sentAtSec + VERIFICATION_CODE_TTL_SECONDS;
}

/** A code can be used strictly before its expiry second and while wrong entries are below the limit. */
export function isCodeUsable(code: { sentAtSec: number; failedAttempts: number }, nowSec: number): boolean {
  return nowSec < codeExpiresAt(code.sentAtSec) && code.failedAttempts < CODE_MAX_ATTEMPTS;
}

export interface CodeSendHistory {
  /** When the last code went to this target, or null if none. */
  readonly lastSentAtSec: number | null;
  /** Codes sent to this target in the last CODE_SEND_WINDOW_SECONDS. */
  readonly sendsInWindow: number;
}

/**
 * Whether another code may go out now: 'frequently' within the resend interval, 'captcha' once the
 * hourly allowance is spent and no solved captcha came with the request, else 'ok'.
 */
export function codeSendDecision(
  history: CodeSendHistory,
  nowSec: number,
  captchaSolved: boolean,
): 'ok' | 'frequently' | 'captcha' {
  if (history.lastSentAtSec !== null && nowSec - history.lastSentAtSec < CODE_RESEND_INTERVAL_SECONDS) {
    return 'frequently';
  }
  if (history.sendsInWindow >= CODE_SENDS_BEFORE_CAPTCHA && !captchaSolved) return 'captcha';
  return 'ok';
}
