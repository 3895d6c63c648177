/**
 * Account appeals (docs/product/engagement.md#appeals, decisions/0044): someone who lost access to an account
 * files proofs; staff accept or reject; an accepted appeal waits a hold while every old contact may deny it;
 * then a single-use reset token goes to the appeal's contact e-mail. A completed reset puts the account under
 * a recovery hold (no redeeming, no wallet spending) for RECOVERY_HOLD_DAYS.
 */

/** filed → holding (accepted, waiting the hold) → resettable (token sent) → completed; or rejected / denied. */
export const APPEAL_STATES = ['filed', 'holding', 'resettable', 'completed', 'rejected', 'denied'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** What moves an appeal: staff accept or reject, an old contact denies, the hold ends, the reset is done. */
export const APPEAL_EVENTS = ['accept', 'reject', 'deny', 'hold_over', 'complete'] as const;
export type AppealEvent = (typeof APPEAL_EVENTS)[number];

const TRANSITIONS: Record<AppealState, Partial<Record<AppealEvent, AppealState>>> = {
  filed: { accept: 'holding', reject: 'rejected' },
  holding: { hold_over: 'resettable', deny: 'denied', reject: 'rejected' },
  // An old contact may still deny after the hold, as long as the reset has not happened.
  resettable: { complete: 'completed', deny: 'denied' },
  completed: {},
  rejected: {},
  denied: {},
};

/** The state an event leads to, or null when the event does not apply (staff answer 422 `state_invalid`). */
export function appealTransition(state: AppealState, event: AppealEvent): AppealState | null {
  return TRANSITIONS[state][event] ?? null;
}

export const isAppealFinal = (state: AppealState) => Object.keys(TRANSITIONS[state]).length === 0;

/** Every old contact has this long to deny an accepted appeal before the reset token is sent. */
export const APPEAL_HOLD_HOURS = 72;
export const APPEAL_HOLD_MS = APPEAL_HOLD_HOURS * 3600 * 1000;
/** A reset token (e-mailed link) is valid this long and works once. */
export const APPEAL_RESET_TOKEN_TTL_SECONDS = 15 * 60;
/** The form's signature (GET /api/appeals/new) is valid this long; filing after it is `signature: expired`. */
export const APPEAL_SIGNATURE_TTL_SECONDS = 60 * 60;
/** A tracking token (the contact's access to the list and detail) is valid this long. */
export const APPEAL_TRACKING_TTL_DAYS = 30;
/** A deny link sent to an old contact is valid until the appeal is completed or this long. */
export const APPEAL_DENY_TTL_DAYS = 30;
/** After a completed reset: no redeeming codes, no spending the wallet, for this long (like Steam's trade hold). */
export const RECOVERY_HOLD_DAYS = 15;
export const RECOVERY_HOLD_MS = RECOVERY_HOLD_DAYS * 86_400_000;

/** At most this many attachments (images through uploads) per appeal: more is `attachments: over_limit`. */
export const APPEAL_MAX_ATTACHMENTS = 5;
export const APPEAL_DESCRIPTION_MAX = 2000;
export const APPEAL_TEXT_MAX = 100;
/** Filings per contact e-mail per day and per address per hour (counted before anything is compared). */
export const APPEALS_PER_CONTACT_PER_DAY = 3;
export const APPEALS_PER_IP_PER_HOUR = 10;
/** Token and tracking checks per address per hour (counted before the token is looked up). */
export const APPEAL_TOKEN_CHECKS_PER_IP_PER_HOUR = 30;
/** Open appeals (filed, holding, resettable) per account at once: a second is `appeal: duplicate`. */
export const APPEAL_OPEN_PER_ACCOUNT = 1;

/** When the hold of an appeal accepted at `acceptedAtMs` ends. */
export const appealHoldEndsAt = (acceptedAtMs: number) => acceptedAtMs + APPEAL_HOLD_MS;
export const appealTokenExpiresAt = (issuedAtMs: number) => issuedAtMs + APPEAL_RESET_TOKEN_TTL_SECONDS * 1000;
export const recoveryHoldEndsAt = (completedAtMs: number) => completedAtMs + RECOVERY_HOLD_MS;

/**
 * The state as of `nowMs`: a holding appeal whose hold is over is resettable even before the job that sends
 * its token has run (lazy evaluation; the job is what e-mails the token).
 */
export function appealStateAt(appeal: { state: AppealState; hold_ends_at_ms: number | null }, nowMs: number): AppealState {
  if (appeal.state === 'holding' && appeal.hold_ends_at_ms !== null && nowMs >= appeal.hold_ends_at_ms) return 'resettable';
  return appeal.state;
}

/** Why a reset token cannot be used now (the page sends home on `expired`), or null. */
export function appealTokenProblem(token: { state: AppealState; expires_at_ms: number | null; used: boolean }, nowMs: number): 'expired' | null {
  if (token.used || token.state !== 'resettable' || token.expires_at_ms === null || nowMs >= token.expires_at_ms) return 'expired';
  return null;
}

/** Is the account under the recovery hold at `nowMs` (redeeming and wallet spending refused `recovery_hold`)? */
export const isUnderRecoveryHold = (holdUntilMs: number | null, nowMs: number) => holdUntilMs !== null && nowMs < holdUntilMs;

/** The proofs staff weigh, computed by the server when the appeal is filed; never shown to the appellant. */
export interface AppealEvidence {
  password_matches: boolean | null;
  game_owned: boolean | null;
  email_matches: boolean;
  phone_matches: boolean;
  city_given: boolean;
  attachments: number;
}

/**
 * A score from 0 to 100 to help staff order their queue: the old password is the strongest proof, then a game
 * bought, then both known contacts; attachments and a city add a little. It decides nothing on its own.
 */
export function appealEvidenceScore(e: AppealEvidence): number {
  let score = 0;
  if (e.password_matches) score += 40;
  if (e.game_owned) score += 25;
  if (e.email_matches) score += 10;
  if (e.phone_matches) score += 10;
  if (e.city_given) score += 5;
  score += Math.min(e.attachments, 2) * 5;
  return Math.min(score, 100);
}

/** Which reset a token is spent on. */
export type AppealReset = 'password' | 'email' | 'phone';
