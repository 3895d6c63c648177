import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import {
  INVITE_GENERAL_TASK_ID, INVITE_REWARD_POINTS, INVITE_SAME_SOURCE_WINDOW_SECONDS, inviteCodeFrom, inviteLink, inviteSignUpState,
  isInviteCodeShape, normalizeInviteCode, purchaseQualifies, type Area, type InviteQualifyingAct,
} from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries, awardScore, type NewAccount } from '../accounts/index.ts';
import type { FulfilmentStep } from '../orders/index.ts';
import { inviteCodes, inviteRegisters } from './tables.ts';

/** The account's invite code, made the first time (a collision of random codes is retried). */
export async function inviteCodeOf(db: DbOrTx, accountId: number, now: Date): Promise<string> {
  for (;;) {
    const [existing] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.accountId, accountId));
    if (existing) return existing.code;
    const code = inviteCodeFrom((max) => randomInt(max));
    // A code taken by another account conflicts on the code's key and is retried; this account's own row
    // written meanwhile by a parallel call is read back on the next turn.
    await db.insert(inviteCodes).values({ accountId, code, createdAt: now }).onConflictDoNothing();
  }
}

async function inviterByCode(db: DbOrTx, raw: string): Promise<number | null> {
  const code = normalizeInviteCode(raw);
  if (!isInviteCodeShape(code)) return null;
  const [row] = await db.select({ accountId: inviteCodes.accountId }).from(inviteCodes).where(eq(inviteCodes.code, code));
  return row?.accountId ?? null;
}

/**
 * Sign-up step (provided to accounts): a sign-up through a known code records the invitee, in the sign-up's
 * transaction. Sign-ups from one address or device are serialised by a transaction lock on each, so two at once
 * cannot both be counted; one within the window of another is `duplicate` and never rewarded. An unknown code
 * is ignored (the page checked it first).
 */
export async function recordInvitee(tx: DbOrTx, deps: Deps, account: NewAccount): Promise<void> {
  if (!account.inviteCode) return;
  const inviterId = await inviterByCode(tx, account.inviteCode);
  if (inviterId === null) return;
  const sources = [`invite-ip:${account.ip}`, ...(account.deviceId ? [`invite-device:${account.deviceId}`] : [])].sort();
  for (const source of sources) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${source}))`);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - INVITE_SAME_SOURCE_WINDOW_SECONDS * 1000);
  const sameSource = account.deviceId
    ? or(eq(inviteRegisters.ip, account.ip), eq(inviteRegisters.deviceId, account.deviceId))
    : eq(inviteRegisters.ip, account.ip);
  const [recent] = await tx.select({ n: count() }).from(inviteRegisters).where(and(sameSource, gt(inviteRegisters.createdAt, since)));
  const state = inviteSignUpState({ inviterId, inviteeId: account.accountId, sameSourceRecently: recent?.n ?? 0 });
  if (state === 'self') return;
  await tx.insert(inviteRegisters).values({ inviterId, inviteeId: account.accountId, area: account.area, ip: account.ip, deviceId: account.deviceId, state, createdAt: now }).onConflictDoNothing();
}

/**
 * The invitee did something real: its inviter gets INVITE_REWARD_POINTS, once. The conditional UPDATE
 * (`registered` → `rewarded`) lets exactly one of any number of parallel qualifying acts through; the points
 * are written in the same transaction. Only the direct inviter: an invitee's own invitees reward their own
 * inviter, never the one above (one level).
 */
export async function qualifyInvitee(tx: DbOrTx, deps: Deps, inviteeId: number, act: InviteQualifyingAct): Promise<boolean> {
  const now = deps.clock.now();
  const [rewarded] = await tx.update(inviteRegisters).set({ state: 'rewarded', rewardPoints: INVITE_REWARD_POINTS, qualifiedBy: act, rewardedAt: now })
    .where(and(eq(inviteRegisters.inviteeId, inviteeId), eq(inviteRegisters.state, 'registered')))
    .returning({ id: inviteRegisters.id, inviterId: inviteRegisters.inviterId });
  if (!rewarded) return false;
  await awardScore(tx, rewarded.inviterId, INVITE_REWARD_POINTS, 'invite', { type: 'invite_register', id: rewarded.id });
  return true;
}

/**
 * A first paid order qualifies its buyer (registered with orders: runs in the payment's transaction). Only a buyer
 * with an invite still `registered` can qualify: the claim completing the order reads that (`dueSql`), so paying
 * without one costs no statement here.
 */
export const inviteePurchaseStep: FulfilmentStep = {
  name: 'invitee first purchase',
  dueSql: ({ accountId }) => sql`exists (select from ${inviteRegisters} where ${inviteRegisters.inviteeId} = ${accountId} and ${inviteRegisters.state} = 'registered')`,
  async run(tx: Tx, deps: Deps, paidLines) {
    const paid = new Map<number, number>();
    for (const { line } of paidLines) paid.set(line.accountId, (paid.get(line.accountId) ?? 0) + line.amount);
    for (const [accountId, cents] of [...paid].sort(([a], [b]) => a - b)) {
      if (purchaseQualifies(cents)) await qualifyInvitee(tx, deps, accountId, 'first_purchase');
    }
  },
};

async function counts(db: DbOrTx, inviterId: number) {
  const rows = await db.select({ state: inviteRegisters.state, n: count() }).from(inviteRegisters).where(eq(inviteRegisters.inviterId, inviterId)).groupBy(inviteRegisters.state);
  const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  return { invited_count: rows.reduce((sum, r) => sum + r.n, 0), rewarded_count: of('rewarded') };
}

/** The account's invite info: its code and link, the reward rule, how many it invited and how many earned it points. */
export async function inviteInfo(deps: Deps, accountId: number, area: Area) {
  const code = await inviteCodeOf(deps.db, accountId, deps.clock.now());
  return { invite_code: code, invite_link: inviteLink(deps.config.siteUrls[area], code), reward_points: INVITE_REWARD_POINTS, ...(await counts(deps.db, accountId)) };
}

/** Who invites through a code (the sign-up page shows it): unknown is 404 `invite: not_found`. */
export async function inviterOf(deps: Deps, raw: string) {
  const inviterId = await inviterByCode(deps.db, raw);
  const inviter = inviterId === null ? undefined : (await accountSummaries(deps.db, [inviterId])).get(inviterId);
  if (!inviter) throw fail.notFound('invite');
  return { nickname: inviter.nickname, avatar_url: inviter.avatar_url };
}

export const INVITES_PER_PAGE = 20;

/** GET /api/accounts_invite_registers: the accounts this one invited, newest first, with their state. */
export async function invitedAccounts(deps: Deps, inviterId: number, page: number) {
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(inviteRegisters).where(eq(inviteRegisters.inviterId, inviterId)).orderBy(desc(inviteRegisters.id)).limit(INVITES_PER_PAGE).offset((page - 1) * INVITES_PER_PAGE),
    deps.db.select({ n: count() }).from(inviteRegisters).where(eq(inviteRegisters.inviterId, inviterId)),
  ]);
  const people = await accountSummaries(deps.db, rows.map((r) => r.inviteeId));
  return {
    accounts_invite_registers: rows.map((r) => ({
      id: r.id,
      nickname: people.get(r.inviteeId)?.nickname ?? '',
      avatar_url: people.get(r.inviteeId)?.avatar_url ?? null,
      state: r.state,
      reward_points: r.rewardPoints,
      created_at_timestamp: toTimestamp(r.createdAt),
      rewarded_at_timestamp: r.rewardedAt ? toTimestamp(r.rewardedAt) : null,
    })),
    meta: { total_count: total?.n ?? 0, page, per: INVITES_PER_PAGE },
  };
}

/** GET /support/lottery/client/invite/register/info: the invite-register task for a third-party page; another task id is 404. */
export async function inviteRegisterTaskInfo(deps: Deps, accountId: number, area: Area, generalTaskId: number) {
  if (generalTaskId !== INVITE_GENERAL_TASK_ID) throw fail.notFound('invite');
  const info = await inviteInfo(deps, accountId, area);
  return { code: 0, data: { generalTaskId, invite_code: info.invite_code, invited_count: info.invited_count, rewarded_count: info.rewarded_count, reward_points: info.reward_points } };
}

