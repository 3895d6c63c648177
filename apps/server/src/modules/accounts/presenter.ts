import { and, eq } from 'drizzle-orm';
import { clockInDay, isNicknameSafe, maskEmail, maskPhone, totalScore, type Site } from '@lantern/domain';
import type { Me, PublicUser } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { clockIns, wallets } from './tables.ts';
import type { Account } from './lookup.ts';
import { permissionsOf } from './policies.ts';

export function isMuted(account: Account, now: Date): boolean {
  return account.mutedUntil !== null && account.mutedUntil > now;
}

export function presentPublicUser(account: Account, now: Date): PublicUser {
  return {
    id: account.id,
    nickname: account.nickname,
    avatar_url: account.avatarUrl,
    introduction: account.introduction,
    gender: account.gender,
    role: account.role,
    is_mute: isMuted(account, now),
    created_at_timestamp: toTimestamp(account.createdAt),
  };
}

/** The account as its owner sees it on this site: masked contacts, points, today's check-in and the wallet. */
export async function presentMe(deps: Deps, account: Account, site: Site): Promise<Me> {
  const now = deps.clock.now();
  const today = clockInDay(toTimestamp(now), site.timeZone);
  const [[clockIn], [wallet]] = await Promise.all([
    deps.db.select().from(clockIns).where(and(eq(clockIns.accountId, account.id), eq(clockIns.day, today))).limit(1),
    deps.db.select().from(wallets).where(and(eq(wallets.accountId, account.id), eq(wallets.currency, site.currency))).limit(1),
  ]);
  const point = {
    score: account.score,
    history_score: account.historyScore,
    total_score: totalScore({ score: account.score, history_score: account.historyScore }),
    new_score: account.newScore,
    xp: account.xp,
    clock_in: { checked: Boolean(clockIn), day: today, score: clockIn?.score ?? 0 },
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
    is_mute: isMuted(account, now),
    unmute_at_timestamp: isMuted(account, now) ? toTimestamp(account.mutedUntil) : null,
    show_steam_review: account.showSteamReview,
    set_password: account.passwordHash !== null,
    sign_in_count: account.signInCount,
    last_sign_in_at_timestamp: toTimestamp(account.lastSignInAt),
    created_at_timestamp: toTimestamp(account.createdAt),
    platforms: [],
    configs: [],
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
    wallet: { balance: wallet?.balance ?? 0, currency: site.currency, status: wallet?.status ?? 'active' },
    badges: { private_messages: 0, notifications: 0 },
  };
}
