import { and, eq, isNull, sql } from 'drizzle-orm';
import { isNicknameSafe, maskEmail, maskPhone, GUIDE_CONFIG, guideDueFor, RESPONSIBILITY_CONFIG, totalScore, type Site } from '@lantern/domain';
import type { Me, PublicUser } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';
import { accounts, clockIns, wallets } from './tables.ts';
import type { Account } from './lookup.ts';
import { permissionsOf } from '@lantern/domain';
import { checkInDay } from './points.ts';
import { platformsOf, type PlatformBinding } from './platforms.ts';
import { moderatedGroupsOf } from './moderated-groups.ts';
import { countsOfAccount } from './badges.ts';

export function isMuted(account: Account, now: Date): boolean {
  return account.mutedUntil !== null && account.mutedUntil > now;
}

export function presentPublicUser(account: Account, now: Date): PublicUser {
  return {
    id: account.id,
    nickname: account.nickname,
    avatar_url: account.avatarUrl,
    background_url: account.backgroundUrl,
    introduction: account.introduction,
    gender: account.gender,
    role: account.role,
    is_mute: isMuted(account, now),
    created_at_timestamp: toTimestamp(account.createdAt),
  };
}

/** Today's check-in and the site wallet, read together with the account when the caller has not. */
export interface MeExtras {
  clockInScore: number | null;
  walletBalance: number | null;
  walletStatus: 'active' | 'frozen' | null;
}

type MeRow = { account: Account; extras: MeExtras };

/**
 * The account, today's check-in and the site's wallet in one query: GET /api/me is the most frequent call
 * of a signed-in page, so it costs one round trip after the token lookup — shared with every other
 * account's GET /api/me answered at the same time (platform/batched-loader.ts).
 */
export async function loadMeRow(deps: Deps, accountId: number, site: Site): Promise<MeRow | null> {
  // Today on the account's own check-in calendar (its home site's), known only once the row is read.
  const now = deps.clock.now();
  const batch = `${site.currency}|${checkInDay(now, 'native')}|${checkInDay(now, 'abroad')}`;
  return (await meRowReads.load(deps.db, `${batch}|${accountId}`)) ?? null;
}

/** Batches by what the statement is run with (the site's currency, today on both calendars), each key `<batch>|<account id>`. */
const meRowReads = new BatchedLoaders<Db, string, MeRow>((db, keys) => loadMeRows(db, keys));

async function loadMeRows(db: Db, keys: readonly string[]): Promise<Map<string, MeRow>> {
  const byBatch = new Map<string, number[]>();
  for (const key of keys) {
    const at = key.lastIndexOf('|');
    const batch = key.slice(0, at);
    const ids = byBatch.get(batch) ?? [];
    if (ids.length === 0) byBatch.set(batch, ids);
    ids.push(Number(key.slice(at + 1)));
  }
  const found = new Map<string, MeRow>();
  await Promise.all([...byBatch].map(async ([batch, accountIds]) => {
    const [currency, nativeDay, abroadDay] = batch.split('|');
    for (const row of await meRowsQuery(db).execute({ accountIds, currency, nativeDay, abroadDay })) {
      found.set(`${batch}|${row.account.id}`, { account: row.account, extras: { clockInScore: row.clockInScore, walletBalance: row.walletBalance, walletStatus: row.walletStatus } });
    }
  }));
  return found;
}

/**
 * The query of loadMeRow, built once per database and prepared: building a Drizzle query costs more CPU
 * than the database spends answering this one (profiled, docs/decisions/0010-checkout-at-speed.md), and
 * a named statement on node-postgres is parsed and planned once per connection.
 */
function buildMeRowsQuery(db: Db) {
  const today = sql`CASE WHEN ${accounts.homeArea} = 'native' THEN ${sql.placeholder('nativeDay')} ELSE ${sql.placeholder('abroadDay')} END`;
  return db
    .select({ account: accounts, clockInScore: clockIns.score, walletBalance: wallets.balance, walletStatus: wallets.status })
    .from(accounts)
    .leftJoin(clockIns, and(eq(clockIns.accountId, accounts.id), eq(clockIns.day, today)))
    .leftJoin(wallets, and(eq(wallets.accountId, accounts.id), eq(wallets.currency, sql.placeholder('currency'))))
    .where(and(sql`${accounts.id} = any(${sql.placeholder('accountIds')})`, isNull(accounts.closedAt)))
    .prepare('accounts_me_rows');
}
const meRowsQueries = new WeakMap<Db, ReturnType<typeof buildMeRowsQuery>>();
function meRowsQuery(db: Db) {
  let query = meRowsQueries.get(db);
  if (!query) meRowsQueries.set(db, (query = buildMeRowsQuery(db)));
  return query;
}

/** The account as its owner sees it on this site: masked contacts, points, today's check-in and the wallet. */
export async function presentMe(deps: Deps, account: Account, site: Site, known?: MeExtras, knownPlatforms?: PlatformBinding[], knownModerated?: number[]): Promise<Me> {
  const now = deps.clock.now();
  const today = checkInDay(now, account.homeArea);
  const extras = known ?? (await loadMeRow(deps, account.id, site))?.extras ?? { clockInScore: null, walletBalance: null, walletStatus: null };
  const point = {
    score: account.score,
    history_score: account.historyScore,
    total_score: totalScore({ score: account.score, history_score: account.historyScore }),
    new_score: account.newScore,
    xp: account.xp,
    clock_in: { checked: extras.clockInScore !== null, day: today, score: extras.clockInScore ?? 0 },
  };
  return {
    id: account.id,
    nickname: account.nickname,
    avatar_url: account.avatarUrl,
    email_asterisks: account.email ? maskEmail(account.email) : null,
    phone_number_asterisks: account.phone ? maskPhone(account.phone) : null,
    real_name_asterisks: account.realNameMasked,
    credential_num_asterisks: account.credentialMasked,
    gender: account.gender,
    birthday: account.birthday,
    introduction: account.introduction,
    region: account.region,
    area: site.area,
    safrv: account.safrv,
    role: account.role,
    permissions: permissionsOf(account.role),
    // Appointed per group by staff (the community module keeps them, through the hook it provides).
    moderated_group_ids: knownModerated ?? (await moderatedGroupsOf(deps.db, account.id)),
    is_mute: isMuted(account, now),
    unmute_at_timestamp: isMuted(account, now) ? toTimestamp(account.mutedUntil) : null,
    show_steam_review: account.showSteamReview,
    set_password: account.passwordHash !== null,
    sign_in_count: account.signInCount,
    last_sign_in_at_timestamp: toTimestamp(account.lastSignInAt),
    created_at_timestamp: toTimestamp(account.createdAt),
    // Linked accounts come from the module that keeps them (linked-accounts), through the hook it provides.
    platforms: knownPlatforms ?? (await platformsOf(deps.db, account.id)),
    // docs/product/README.md: configs carry the water_mark status, open or not (docs/product/engagement.md#uploads),
    // and whether the responsibility declaration was acknowledged (docs/product/screens.md#responsibility-dialog).
    configs: [
      { kind: 'upload', key: 'water_mark', value: account.waterMark ? 'open' : 'close' },
      {
        kind: RESPONSIBILITY_CONFIG.kind,
        key: RESPONSIBILITY_CONFIG.key,
        value: account.responsibilityAcknowledgedAt ? RESPONSIBILITY_CONFIG.acknowledged : RESPONSIBILITY_CONFIG.pending,
      },
      // Whether the beginners' guide is still due (docs/product/screens.md#guide): never for the store's team.
      {
        kind: GUIDE_CONFIG.kind,
        key: GUIDE_CONFIG.key,
        value: guideDueFor({ role: account.role, completed: account.guideCompletedAt !== null }) ? GUIDE_CONFIG.due : GUIDE_CONFIG.done,
      },
    ],
    security_info: {
      is_identification: account.credentialHash !== null,
      is_nickname_safe: isNicknameSafe(account.nickname),
      has_email: account.email !== null,
      has_phone: account.phone !== null,
      set_password: account.passwordHash !== null,
    },
    point,
    score: point.score,
    history_score: point.history_score,
    new_score: point.new_score,
    xp: point.xp,
    wallet: { balance: extras.walletBalance ?? 0, currency: site.currency, status: extras.walletStatus ?? 'active' },
    ...(await countsOfAccount(deps.db, account.id)),
  };
}
