import { z } from 'zod';
import { area, currency, timestamp } from './common.ts';
import { captchaFields } from './captcha.ts';

export const gender = z.enum(['male', 'female', 'secret']);
export const safrv = z.enum(['base', 'strong']);
export const role = z.enum(['user', 'editor', 'group_admin', 'staff', 'admin']);

export const securityInfo = z.object({
  is_identification: z.boolean(),
  is_nickname_safe: z.boolean(),
  has_email: z.boolean(),
  has_phone: z.boolean(),
  set_password: z.boolean(),
});

export const pointInfo = z.object({
  score: z.number().int(),
  history_score: z.number().int(),
  total_score: z.number().int(),
  new_score: z.number().int(),
  xp: z.number().int(),
  clock_in: z.object({ checked: z.boolean(), day: z.string(), score: z.number().int() }),
});

export const wallet = z.object({
  balance: z.number().int(),
  currency,
  status: z.enum(['active', 'frozen']),
});

export const platformBinding = z.object({
  kind: z.enum(['steam', 'wechat', 'weibo']),
  show_id: z.string(),
});

export const accountConfig = z.object({ kind: z.string(), key: z.string(), value: z.string() });

/** GET /api/me: the signed-in account as its owner sees it (docs/product/accounts.md#entities). */
export const me = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string().nullable(),
  email_asterisks: z.string().nullable(),
  phone_number_asterisks: z.string().nullable(),
  real_name_asterisks: z.string().nullable(),
  credential_num_asterisks: z.string().nullable(),
  gender,
  birthday: z.string().nullable(),
  introduction: z.string(),
  region: z.string(),
  area,
  safrv,
  role,
  permissions: z.array(z.string()),
  /** The groups the account is an appointed moderator of (docs/product/community.md#group-moderators); empty for most. */
  moderated_group_ids: z.array(z.number().int()),
  is_mute: z.boolean(),
  unmute_at_timestamp: timestamp.nullable(),
  show_steam_review: z.boolean(),
  set_password: z.boolean(),
  sign_in_count: z.number().int(),
  last_sign_in_at_timestamp: timestamp.nullable(),
  created_at_timestamp: timestamp,
  platforms: z.array(platformBinding),
  configs: z.array(accountConfig),
  security_info: securityInfo,
  point: pointInfo,
  score: z.number().int(),
  history_score: z.number().int(),
  new_score: z.number().int(),
  xp: z.number().int(),
  wallet,
  badges: z.object({ private_messages: z.number().int(), notifications: z.number().int() }),
  /** The notification centre's unread counters (docs/product/messaging.md#notification-counts). */
  noti_badges: z.object({
    total: z.number().int(), comment_num: z.number().int(), at_num: z.number().int(), notice_num: z.number().int(), system_num: z.number().int(),
  }),
});
export type Me = z.infer<typeof me>;

/** GET /api/me/check: what the client must prompt for next (docs/product/screens.md#account-prompts, accounts.md#minimum-age). */
export const meCheck = z.object({
  is_identification: z.boolean(),
  is_nickname_safe: z.boolean(),
  safrv,
  /** The "complete your account" popup is due: something in `missing` (docs/product/accounts.md#account-completion). */
  need_identification: z.boolean(),
  /** The basic-info popup is due: nothing is missing but the nickname is unsafe. */
  need_basic_info: z.boolean(),
  /** What the popup asks for: a phone (mainland, neither phone nor real-name identity), a password (none set). */
  missing: z.array(z.enum(['phone', 'password'])),
});
export type MeCheck = z.infer<typeof meCheck>;

/** GET /api/users/{id}: what anyone may see of an account. */
export const publicUser = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string().nullable(),
  /** The personal page's background image, null for the default. */
  background_url: z.string().nullable(),
  introduction: z.string(),
  gender,
  role,
  is_mute: z.boolean(),
  created_at_timestamp: timestamp,
});
export type PublicUser = z.infer<typeof publicUser>;

/** GET /api/users?q[id_in][]=1&q[id_in][]=2 (a single id is accepted too); at most 100 ids, else out_limit. */
export const usersQuery = z.object({
  q: z.object({ id_in: z.union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()]) }),
});
export const usersResponse = z.object({
  users: z.array(publicUser),
  meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int() }),
});

/** GET /api/users/{id}/service: what the viewer may do with this user. */
export const userService = z.object({
  id: z.number().int(),
  is_self: z.boolean(),
  can_follow: z.boolean(),
  can_message: z.boolean(),
});

// ---- Sign-up, sign-in, sessions ----

/** POST /api/accounts. Either email or phone_number, with the code sent to it (purpose sign_up). */
export const signUpRequest = z.object({
  account: z.object({
    email: z.string().max(254).optional(),
    phone_number: z.string().max(20).optional(),
    code: z.string().min(1).max(12),
    password: z.string().min(1).max(256),
    password_confirmation: z.string().max(256),
    nickname: z.string().max(64).optional(),
    real_name: z.string().max(64).optional(),
    credential_type: z.enum(['resident_id']).optional(),
    credential_num: z.string().max(32).optional(),
    anti_addiction: z.boolean().optional(),
    tos_agreement: z.boolean(),
    /** The code of the invite link the page was opened from (docs/product/engagement.md#invitations). */
    invite_code: z.string().max(32).optional(),
    /** A random id the browser keeps, so sign-ups from one device count once for invitations. */
    device_id: z.string().max(64).optional(),
    ...captchaFields,
  }),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

/** POST /api/access_token: sign in by e-mail, phone or nickname plus password. */
export const signInRequest = z.object({
  access_token: z.object({
    login: z.string().min(1).max(254),
    password: z.string().min(1).max(256),
    ...captchaFields,
  }),
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** POST /api/fast/access_token: sign in by phone number and SMS code (purpose sign_in). */
export const fastSignInRequest = z.object({
  access_token: z.object({
    phone_number: z.string().min(1).max(20),
    code: z.string().min(1).max(12),
  }),
});
export type FastSignInRequest = z.infer<typeof fastSignInRequest>;

/** PATCH /api/access_token: rotate. The web sends nothing (the refresh cookie); API clients send the token. */
export const refreshRequest = z.object({
  access_token: z.object({ refresh_token: z.string().max(200).optional() }).optional(),
});

/**
 * A new session. `access_token` and `refresh_token` are present only for API clients (client=pc or a Bearer
 * caller); the web receives them as httpOnly cookies instead, so script on the page never sees them.
 */
export const sessionResponse = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  account: me,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

// ---- Own account ----

/** PATCH /api/me: basic info. */
export const updateMeRequest = z.object({
  account: z.object({
    nickname: z.string().max(64).optional(),
    gender: gender.optional(),
    birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
    introduction: z.string().max(500).optional(),
    show_steam_review: z.boolean().optional(),
    /** The watermark on uploaded images (shown in `configs` as kind upload, key water_mark, value open or close). */
    water_mark: z.boolean().optional(),
    /**
     * "I have got it" on the responsibility declaration (shown in `configs` as kind community, key
     * responsibility, value acknowledged or pending). Only `true`: an acknowledgement is not taken back.
     */
    responsibility_acknowledged: z.literal(true).optional(),
  }),
});
export type UpdateMeRequest = z.infer<typeof updateMeRequest>;

/**
 * Proof of the account for a password or contact change: the current password, or a code (purpose
 * reauthenticate) sent to a contact already bound to the account.
 */
const accountCode = z.string().max(12).optional();

/**
 * PUT /api/me: the identification popup — complete an account with phone, password, nickname and gender.
 * Setting the password wants `current_password` or `account_code`.
 */
export const completeMeRequest = z.object({
  account: z.object({
    /** Needed when the account has no phone; a phone it already has may be left out. */
    phone_number: z.string().min(1).max(20).optional(),
    code: z.string().min(1).max(12).optional(),
    /** Needed when the account has no password; left out, the password stays as it is. */
    password: z.string().min(1).max(256).optional(),
    current_password: z.string().max(256).optional(),
    account_code: accountCode,
    nickname: z.string().min(1).max(64),
    gender,
  }),
});
export type CompleteMeRequest = z.infer<typeof completeMeRequest>;

/** PATCH /api/me/phone/password and /api/me/email/password: reset a forgotten password with a code. */
export const resetPasswordRequest = z.object({
  account: z.object({
    phone_number: z.string().max(20).optional(),
    email: z.string().max(254).optional(),
    code: z.string().min(1).max(12),
    password: z.string().min(1).max(256),
    password_confirmation: z.string().max(256),
  }),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/**
 * POST (bind) and PATCH (change) /api/me/email and /api/me/phone: `code` proves the new contact; `password`
 * (the current one) or `account_code` proves the account.
 */
export const bindContactRequest = z.object({
  account: z.object({
    email: z.string().max(254).optional(),
    phone_number: z.string().max(20).optional(),
    code: z.string().min(1).max(12),
    password: z.string().max(256).optional(),
    account_code: accountCode,
  }),
});
export type BindContactRequest = z.infer<typeof bindContactRequest>;

/** PATCH /api/me/unbind/phone: the code sent to the bound phone (purpose unbind). */
export const unbindPhoneRequest = z.object({
  account: z.object({ code: z.string().min(1).max(12) }),
});

/** PUT /api/me/unlock: unlock a locked account with a code sent to its e-mail or phone (purpose unlock). */
export const unlockRequest = z.object({
  account: z.object({
    login: z.string().min(1).max(254),
    code: z.string().min(1).max(12),
  }),
});

/** POST /api/identification: real-name identification (docs/product/accounts.md#identification). */
export const identificationRequest = z.object({
  identification: z.object({
    name: z.string().max(64),
    code: z.string().max(32),
  }),
});
export type IdentificationRequest = z.infer<typeof identificationRequest>;

/** Remaining identification attempts, sent in `meta` of every identification error. */
export const identificationRemaining = z.object({
  daily_remaining: z.number().int(),
  total_remaining: z.number().int(),
});

// ---- Points ----

export const clockInResponse = z.object({
  score_added: z.number().int(),
  point: pointInfo,
});

export const pointDetail = z.object({
  id: z.number().int(),
  kind: z.enum(['produce', 'consume']),
  real_score: z.number().int(),
  reason: z.string(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  created_at_timestamp: timestamp,
});
export const pointDetailsResponse = z.object({
  point_details: z.array(pointDetail),
  meta: z.object({
    total_count: z.number().int(), page: z.number().int(), per: z.number().int(),
    /** The available points now, read with `recorded_score` in one statement. */
    score: z.number().int(),
    /** Every record added up; `score − recorded_score` is the balance from before records were kept (shown as its own line). */
    recorded_score: z.number().int(),
  }),
});

/** A change of the wallet's balance (docs/product/accounts.md#wallet): minor units, `delta` signed, the balance after it. */
export const walletEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(['top_up', 'order_payment', 'refund', 'adjustment', 'red_packet', 'commission']),
  order_id: z.number().int().nullable(),
  created_at_timestamp: timestamp,
});
export type WalletEntry = z.infer<typeof walletEntry>;

/** GET /api/me/wallet_entries: the wallet's ledger on this site, newest first, with the balance it adds up to. */
export const walletEntriesResponse = z.object({
  wallet_entries: z.array(walletEntry),
  meta: z.object({
    total_count: z.number().int(), page: z.number().int(), per: z.number().int(), balance: z.number().int(),
    /** Every entry added up; `balance − recorded_balance` is a balance from before the ledger was kept (shown as its own line). */
    recorded_balance: z.number().int(),
    currency,
    status: z.enum(['active', 'frozen']),
  }),
});
export type WalletEntriesResponse = z.infer<typeof walletEntriesResponse>;
