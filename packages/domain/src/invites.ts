/**
 * Invitations (docs/product/engagement.md#invitations).
 * Every account has one invite code; a sign-up through it records the invitee, and the inviter is rewarded
 * once the invitee does something real (binds a phone, an e-mail or WeChat, or pays a first order), once
 * per invitee, one level only, and once per device or address within a window.
 */

/** Codes are 8 characters of an alphabet without look-alikes (0/O, 1/I/L). */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;
/** Points the inviter receives for one qualified invitee. */
export const INVITE_REWARD_POINTS = 50;
/** Sign-ups from one device or client address within this window count once. */
export const INVITE_SAME_SOURCE_WINDOW_SECONDS = 24 * 3600;
/** The id third-party callers name the invite-register task by (`generalTaskId`). */
export const INVITE_GENERAL_TASK_ID = 1;

/** What makes an invitee real. */
export const INVITE_QUALIFYING_ACTS = ['bind_phone', 'bind_email', 'bind_wechat', 'first_purchase'] as const;
export type InviteQualifyingAct = (typeof INVITE_QUALIFYING_ACTS)[number];

/** An invitee's state as the inviter sees it: signed up, rewarded, or not counted (same device or address). */
export const INVITE_STATES = ['registered', 'rewarded', 'duplicate'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isInviteCodeShape(code: string): boolean {
  if (code.length !== INVITE_CODE_LENGTH) return false;
  for (const ch of code) if (!INVITE_CODE_ALPHABET.includes(ch)) return false;
  return true;
}

/** A code from random numbers (the caller draws them from a cryptographic source). */
export function inviteCodeFrom(randomIndex: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomIndex(INVITE_CODE_ALPHABET.length)];
  return code;
}

export interface InviteSignUp {
  inviterId: number;
  inviteeId: number;
  /** Invitees recorded from the same device or address within the window, before this one. */
  sameSourceRecently: number;
}

/**
 * How a sign-up through a code is recorded: refused when the inviter is the invitee (no self-invites),
 * `duplicate` (never rewarded) when its device or address already brought one in the window, else `registered`.
 */
export function inviteSignUpState(signUp: InviteSignUp): 'self' | 'duplicate' | 'registered' {
  if (signUp.inviterId === signUp.inviteeId) return 'self';
  return signUp.sameSourceRecently > 0 ? 'duplicate' : 'registered';
}

/** Only a `registered` invitee earns its inviter a reward, once; `duplicate` and `rewarded` never do. */
export function inviteRewardable(state: InviteState): boolean {
  return state === 'registered';
}

/** A first purchase qualifies only when money was paid: a zero-price grant (a redeemed code) does not. */
export function purchaseQualifies(paidCents: number): boolean {
  return paidCents > 0;
}

/** The link an invite code is shared by: the sign-up page with `?invite=CODE`. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/sign_up?invite=${encodeURIComponent(code)}`;
}
