import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stored normalized (trimmed, lower-case). */
    email: text('email'),
    /** Stored normalized (mainland numbers without +86, others in E.164). */
    phone: text('phone'),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash'),
    /** Real name, encrypted at rest; only its masked form is ever shown. */
    realNameEnc: text('real_name_enc'),
    realNameMasked: text('real_name_masked'),
    /** HMAC of the ID number: lets us refuse a number already used without storing it readable. */
    credentialHash: text('credential_hash'),
    credentialMasked: text('credential_masked'),
    birthDate: date('birth_date'),
    identifiedAt: timestamp('identified_at', { withTimezone: true }),
    gender: text('gender', { enum: ['male', 'female', 'secret'] }).notNull().default('secret'),
    birthday: date('birthday'),
    introduction: text('introduction').notNull().default(''),
    avatarUrl: text('avatar_url'),
    /** The personal page's background: one of the owner's own uploaded images, or null for the default (docs/product/personal-pages.md#background). */
    backgroundUrl: text('background_url'),
    region: text('region').notNull().default('cn'),
    /** The site the account signed up on; accounts work on both sites. */
    homeArea: text('home_area', { enum: ['native', 'abroad'] }).notNull(),
    /** Anti-addiction protection level: strong blocks use of the store (docs/product/accounts.md#minimum-age). */
    safrv: text('safrv', { enum: ['base', 'strong'] }).notNull().default('base'),
    role: text('role', { enum: ['user', 'editor', 'group_admin', 'staff', 'admin'] }).notNull().default('user'),
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    showSteamReview: boolean('show_steam_review').notNull().default(true),
    /** The watermark on this account's uploaded images (docs/product/engagement.md#uploads): off until the owner turns it on. */
    waterMark: boolean('water_mark').notNull().default(false),
    /** When the owner answered "I have got it" to the responsibility declaration (docs/product/screens.md#responsibility-dialog); asked once. */
    responsibilityAcknowledgedAt: timestamp('responsibility_acknowledged_at', { withTimezone: true }),
    /**
     * When the account closed or finished the beginners' guide (docs/product/screens.md#guide). Only sign-up
     * writes null (a new account is due to see it); every other account, and every account that existed before
     * the guide, counts as done.
     */
    guideCompletedAt: timestamp('guide_completed_at', { withTimezone: true }).defaultNow(),
    score: integer('score').notNull().default(0),
    historyScore: integer('history_score').notNull().default(0),
    newScore: integer('new_score').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    signInCount: integer('sign_in_count').notNull().default(0),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Staff barred this account from buying (docs/product/buying.md#purchase-ban); cleared by staff. */
    purchaseBannedAt: timestamp('purchase_banned_at', { withTimezone: true }),
    /** Until then no redeeming and no wallet spending: set by an appeal's reset (docs/product/accounts.md#recovery-hold). */
    recoveryHoldUntil: timestamp('recovery_hold_until', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(t.email),
    uniqueIndex('accounts_phone_key').on(t.phone),
    uniqueIndex('accounts_nickname_key').on(sql`lower(${t.nickname})`),
    uniqueIndex('accounts_credential_key').on(t.credentialHash),
    // Spending is a conditional UPDATE (spendScore); the check holds whatever else writes the score.
    check('accounts_score_non_negative', sql`${t.score} >= 0`),
  ],
);

/** Wallet balance per account and currency, in minor units; never below zero. */
export const wallets = pgTable(
  'wallets',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['active', 'frozen'] }).notNull().default('active'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency] }), check('wallets_balance_non_negative', sql`${t.balance} >= 0`)],
);

/**
 * The wallet's ledger: every change of a balance with its reason, so a balance can always be explained.
 * `order_id` is set for payments and refunds; a payment is debited once (unique with its reason).
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: ['top_up', 'order_payment', 'refund', 'adjustment', 'red_packet', 'commission'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('wallet_entries_account_idx').on(t.accountId, t.currency, t.id),
    uniqueIndex('wallet_entries_order_reason_key').on(t.orderId, t.reason),
  ],
);

/**
 * Refresh tokens. One row per issued token; rotation marks the old row and links the family, so reuse of
 * a rotated token (theft) can revoke the whole family (docs/product/accounts.md#sessions).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    familyId: uuid('family_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    area: text('area', { enum: ['native', 'abroad'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the family's sign-in happened, copied to every rotation: the session ends 90 days after it. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Short-lived access tokens, stored hashed; each belongs to a refresh family and dies with it. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    area: text('area', { enum: ['native', 'abroad'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('access_tokens_family_idx').on(t.familyId)],
);

/** Verification codes sent by SMS or e-mail; stored hashed, single-use, with an attempt counter. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt)],
);

/** Every real-name identification attempt, for the daily and total limits (docs/product/accounts.md#identification). */
export const identificationAttempts = pgTable(
  'identification_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    /** HMAC of the number tried, to limit failures per number across accounts. */
    credentialHash: text('credential_hash').notNull(),
    outcome: text('outcome', { enum: ['verified', 'failed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identification_attempts_account_idx').on(t.accountId, t.createdAt),
    index('identification_attempts_credential_idx').on(t.credentialHash, t.createdAt),
  ],
);

/** Phone unbinding history, for the unbind limit. */
export const phoneUnbinds = pgTable(
  'phone_unbinds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_unbinds_account_idx').on(t.accountId, t.createdAt)],
);

/** Point records (produce / consume, docs/product/accounts.md#points). The score columns on accounts are their running totals. */
export const pointRecords = pgTable(
  'point_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    kind: text('kind', { enum: ['produce', 'consume'] }).notNull(),
    realScore: integer('real_score').notNull(),
    reason: text('reason').notNull(),
    targetType: text('target_type'),
    targetId: bigint('target_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('point_records_account_idx').on(t.accountId, t.id)],
);

/** One-time tasks (first e-mail binding, first phone binding): the key makes "once" a database fact. */
export const accountTasks = pgTable(
  'account_tasks',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    task: text('task').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.task] })],
);

/** Daily check-ins; the key makes a second check-in on the same day impossible. */
export const clockIns = pgTable(
  'clock_ins',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    day: text('day').notNull(),
    score: integer('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

export const detailedAddresses = pgTable(
  'detailed_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    countryCode: text('country_code').notNull(),
    provId: text('prov_id'),
    cityId: text('city_id'),
    areaId: text('area_id'),
    regionText: text('region_text').notNull().default(''),
    address: text('address').notNull(),
    postcode: text('postcode').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('detailed_addresses_account_idx').on(t.accountId)],
);
