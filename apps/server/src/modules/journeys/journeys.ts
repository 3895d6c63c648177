import { and, asc, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  JOURNEY_CODE_FAILURES_PER_HOUR, JOURNEY_CODE_MAX_LENGTH, JOURNEY_CODE_WINDOW_SECONDS, JOURNEY_SHARE_WAIT_SECONDS,
  journeyRewardRefusal, journeyStatus, journeyTaskRefusal, normalizeJourneyCode, registerTaskDone, type Area, type JourneyTaskCall,
} from '@lantern/domain';
import type { AccountJourneyReward, JourneyTask } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { awardScore, findAccount, reserveAttempt, scoreOf } from '../accounts/index.ts';
import { couponTitles, grantCoupon } from '../coupons/index.ts';
import { accountJourneyRewards, accountJourneyTasks, journeyRewards, journeyTasks, journeys } from './tables.ts';

type JourneyRow = typeof journeys.$inferSelect;
type TaskRow = typeof journeyTasks.$inferSelect;
type RewardRow = typeof journeyRewards.$inferSelect;
interface TaskWith { task: TaskRow; journey: JourneyRow; reward: RewardRow | null }

const windowOf = (j: JourneyRow) => ({ starts_at_timestamp: toTimestamp(j.startsAt), ends_at_timestamp: toTimestamp(j.endsAt) });

/** The HMAC a task's code is kept as (docs/product/engagement.md#tasks-and-journeys). */
export function journeyCodeHash(deps: Pick<Deps, 'secrets'>, code: string): string {
  return deps.secrets.hmac(`journey-code:${normalizeJourneyCode(code)}`);
}

async function loadTasks(db: DbOrTx, where: SQL | undefined): Promise<TaskWith[]> {
  return db.select({ task: journeyTasks, journey: journeys, reward: journeyRewards }).from(journeyTasks)
    .innerJoin(journeys, eq(journeys.id, journeyTasks.journeyId))
    .leftJoin(journeyRewards, eq(journeyRewards.taskId, journeyTasks.id))
    .where(where)
    .orderBy(asc(journeys.position), asc(journeys.id), asc(journeyTasks.position), asc(journeyTasks.id));
}

async function presentRewardSummaries(db: DbOrTx, rewards: readonly RewardRow[]) {
  const titles = await couponTitles(db, [...new Set(rewards.flatMap((r) => (r.couponId === null ? [] : [r.couponId])))]);
  return (r: RewardRow) => ({
    id: r.id,
    title: r.title,
    points: r.points,
    coupon: r.couponId === null ? null : { id: r.couponId, title: titles.get(r.couponId) ?? { chs: '', en: '' } },
  });
}

async function presentTasks(db: DbOrTx, rows: readonly TaskWith[], completed: ReadonlySet<number>, nowSec: number): Promise<JourneyTask[]> {
  const summary = await presentRewardSummaries(db, rows.flatMap((r) => (r.reward ? [r.reward] : [])));
  return rows.map(({ task, journey, reward }) => ({
    id: task.id,
    journey_id: journey.id,
    kind: task.kind,
    title: task.title,
    journey: { id: journey.id, title: journey.title, description: journey.description, ...windowOf(journey), status: journeyStatus(windowOf(journey), nowSec) },
    reward: reward ? summary(reward) : null,
    completed: completed.has(task.id),
  }));
}

async function completionsOf(db: DbOrTx, accountId: number, taskIds: readonly number[]) {
  if (taskIds.length === 0) return [];
  return db.select().from(accountJourneyTasks).where(and(eq(accountJourneyTasks.accountId, accountId), inArray(accountJourneyTasks.taskId, [...taskIds])));
}

const presentCompletion = (c: typeof accountJourneyTasks.$inferSelect) => ({
  id: c.id, journey_id: c.journeyId, journey_task_id: c.taskId, completed_at_timestamp: toTimestamp(c.completedAt),
});

/**
 * Completes a task for an account, in the caller's transaction: the completion's key makes a second call
 * change nothing, and the task's reward is written closed only by the call that completed it. Answers
 * whether this call completed it.
 */
async function completeTask(tx: DbOrTx, accountId: number, row: TaskWith, now: Date): Promise<boolean> {
  const [inserted] = await tx.insert(accountJourneyTasks).values({ accountId, journeyId: row.journey.id, taskId: row.task.id, completedAt: now })
    .onConflictDoNothing().returning({ id: accountJourneyTasks.id });
  if (!inserted) return false;
  if (row.reward) {
    await tx.insert(accountJourneyRewards).values({ accountId, journeyId: row.journey.id, taskId: row.task.id, rewardId: row.reward.id, createdAt: now }).onConflictDoNothing();
  }
  return true;
}

/**
 * `register` tasks are done by an account created within the journey's window: they are completed the first
 * time the account reads its tasks (docs/product/engagement.md#tasks-and-journeys).
 */
async function completeRegisterTasks(deps: Deps, accountId: number, rows: readonly TaskWith[], done: ReadonlySet<number>): Promise<boolean> {
  const open = rows.filter((r) => r.task.kind === 'register' && !done.has(r.task.id));
  if (open.length === 0) return false;
  const account = await findAccount(deps.db, accountId);
  if (!account) return false;
  const due = open.filter((r) => registerTaskDone(windowOf(r.journey), toTimestamp(account.createdAt)));
  if (due.length === 0) return false;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const row of due) await completeTask(tx, accountId, row, now);
  });
  return true;
}

/** GET /api/me/journey_tasks: the site's journeys not yet ended (or the tasks asked for), and the account's completions. */
export async function listJourneyTasks(deps: Deps, accountId: number, area: Area, ids: readonly number[] | null) {
  const now = deps.clock.now();
  const where = ids === null
    ? and(eq(journeys.area, area), gt(journeys.endsAt, now))
    : and(eq(journeys.area, area), inArray(journeyTasks.id, ids.length > 0 ? [...ids] : [-1]));
  const rows = await loadTasks(deps.db, where);
  const taskIds = rows.map((r) => r.task.id);
  let completions = await completionsOf(deps.db, accountId, taskIds);
  if (await completeRegisterTasks(deps, accountId, rows, new Set(completions.map((c) => c.taskId)))) completions = await completionsOf(deps.db, accountId, taskIds);
  const done = new Set(completions.map((c) => c.taskId));
  return {
    journey_tasks: await presentTasks(deps.db, rows, done, toTimestamp(now)),
    accounts_journey_tasks: completions.map(presentCompletion),
  };
}

async function findTask(db: DbOrTx, area: Area, journeyId: number, taskId: number): Promise<TaskWith> {
  const [row] = await loadTasks(db, and(eq(journeys.area, area), eq(journeys.id, journeyId), eq(journeyTasks.id, taskId)));
  if (!row) throw fail.notFound('journey_task');
  return row;
}

function refuseIfAny(row: TaskWith, call: JourneyTaskCall, now: Date): void {
  const refusal = journeyTaskRefusal(row.task.kind, call, windowOf(row.journey), toTimestamp(now));
  if (refusal) throw fail.unprocessable('journey_task', refusal);
}

async function answerDone(deps: Deps, accountId: number, row: TaskWith, now: Date) {
  const [completion] = await completionsOf(deps.db, accountId, [row.task.id]);
  const [task] = await presentTasks(deps.db, [row], new Set([row.task.id]), toTimestamp(now));
  return { journey_task: task!, accounts_journey_task: presentCompletion(completion!) };
}

const accessWait = (retryAfter: number) => new AppError(429, { journey_task: ['access_wait'] }, { retry_after: retryAfter });

/**
 * POST /api/journeys/{id}/journey_tasks/{taskId}/shares: a share completes a `share` task. One share per task
 * per account per JOURNEY_SHARE_WAIT_SECONDS; sooner is 429 `access_wait` ("operation too frequent").
 */
export async function shareTask(deps: Deps, accountId: number, area: Area, journeyId: number, taskId: number) {
  const row = await findTask(deps.db, area, journeyId, taskId);
  const now = deps.clock.now();
  refuseIfAny(row, 'share', now);
  const attempt = await reserveAttempt(deps.kv, `journey_share:${accountId}:${taskId}`, JOURNEY_SHARE_WAIT_SECONDS);
  if (attempt.place > 1) throw accessWait(JOURNEY_SHARE_WAIT_SECONDS);
  await deps.db.transaction((tx) => completeTask(tx, accountId, row, now));
  return answerDone(deps, accountId, row, now);
}

/**
 * POST /api/journeys/{id}/journey_tasks/{taskId}/redeem_codes: the journey's code completes a `redeem_code`
 * task. The attempt is counted before the code is compared; more than JOURNEY_CODE_FAILURES_PER_HOUR wrong
 * codes in an hour and every attempt is 429 `access_wait`. A wrong code is 422 `code: invalid`.
 */
export async function redeemTaskCode(deps: Deps, accountId: number, area: Area, journeyId: number, taskId: number, code: string) {
  const row = await findTask(deps.db, area, journeyId, taskId);
  const now = deps.clock.now();
  refuseIfAny(row, 'redeem_code', now);
  const normalized = normalizeJourneyCode(code);
  if (normalized === '') throw fail.unprocessable('code', 'blank');
  const attempt = await reserveAttempt(deps.kv, `journey_code:${accountId}`, JOURNEY_CODE_WINDOW_SECONDS);
  if (attempt.place > JOURNEY_CODE_FAILURES_PER_HOUR) {
    await attempt.release();
    throw accessWait(JOURNEY_CODE_WINDOW_SECONDS);
  }
  if (normalized.length > JOURNEY_CODE_MAX_LENGTH || journeyCodeHash(deps, normalized) !== row.task.codeHash) throw fail.unprocessable('code', 'invalid');
  await attempt.release();
  await deps.db.transaction((tx) => completeTask(tx, accountId, row, now));
  return answerDone(deps, accountId, row, now);
}

/**
 * Binding WeChat completes the site's current `bind_wechat` tasks: those named, or every one when none is
 * named. Provided to linked-accounts (docs/product/linked-accounts.md), which runs it after the binding; answers
 * the tasks completed (or done already).
 */
export async function completeBindTasks(deps: Deps, accountId: number, area: Area, named: readonly number[] | undefined): Promise<number[]> {
  const now = deps.clock.now();
  const rows = await loadTasks(deps.db, and(eq(journeys.area, area), eq(journeyTasks.kind, 'bind_wechat'), named && named.length > 0 ? inArray(journeyTasks.id, [...named]) : undefined));
  const due = rows.filter((r) => journeyStatus(windowOf(r.journey), toTimestamp(now)) === 'current');
  if (due.length === 0) return [];
  await deps.db.transaction(async (tx) => {
    for (const row of due) await completeTask(tx, accountId, row, now);
  });
  return due.map((r) => r.task.id);
}

/** GET /api/registers/new (journey_task_ids): the current `register` tasks (those named, or all of the site's) signing up completes. */
export async function registersNew(deps: Deps, area: Area, named: readonly number[] | null) {
  const now = deps.clock.now();
  const rows = await loadTasks(deps.db, and(eq(journeys.area, area), eq(journeyTasks.kind, 'register'), gt(journeys.endsAt, now), named && named.length > 0 ? inArray(journeyTasks.id, [...named]) : undefined));
  return { journey_tasks: await presentTasks(deps.db, rows, new Set(), toTimestamp(now)) };
}

type AccountRewardRow = typeof accountJourneyRewards.$inferSelect;

async function presentAccountRewards(db: DbOrTx, rows: readonly { mine: AccountRewardRow; reward: RewardRow }[]): Promise<AccountJourneyReward[]> {
  const summary = await presentRewardSummaries(db, rows.map((r) => r.reward));
  return rows.map(({ mine, reward }) => ({
    id: mine.id,
    journey_id: mine.journeyId,
    journey_task_id: mine.taskId,
    journey_reward: summary(reward),
    opened: mine.openedAt !== null,
    opened_at_timestamp: mine.openedAt ? toTimestamp(mine.openedAt) : null,
    created_at_timestamp: toTimestamp(mine.createdAt),
    account_coupon_id: mine.accountCouponId,
  }));
}

function accountRewards(db: DbOrTx, accountId: number, area: Area, extra?: SQL) {
  return db.select({ mine: accountJourneyRewards, reward: journeyRewards }).from(accountJourneyRewards)
    .innerJoin(journeyRewards, eq(journeyRewards.id, accountJourneyRewards.rewardId))
    .innerJoin(journeys, eq(journeys.id, accountJourneyRewards.journeyId))
    .where(and(eq(accountJourneyRewards.accountId, accountId), eq(journeys.area, area), extra))
    .orderBy(desc(accountJourneyRewards.id));
}

/** GET /api/me/journey_rewards (filter[journey_reward_journey_id_eq]): the account's rewards on this site, newest first. */
export async function listRewards(deps: Deps, accountId: number, area: Area, journeyId: number | undefined) {
  const rows = await accountRewards(deps.db, accountId, area, journeyId === undefined ? undefined : eq(accountJourneyRewards.journeyId, journeyId));
  return { journey_rewards: await presentAccountRewards(deps.db, rows) };
}

/**
 * PATCH /api/me/journey_rewards/{id}: opens the reward, once. In one transaction: `opened_at` is set by a
 * conditional UPDATE (a parallel second opening waits on the row and then finds it opened: 422 `opened`),
 * then its points go through the points ledger and its coupon through coupons' grant. A coupon that cannot
 * be given (run out, off, held) rolls the opening back: the reward stays closed.
 */
export async function openReward(deps: Deps, accountId: number, area: Area, id: number) {
  const [existing] = await accountRewards(deps.db, accountId, area, eq(accountJourneyRewards.id, id));
  if (!existing) throw fail.notFound('journey_reward');
  const refusal = journeyRewardRefusal({ opened: existing.mine.openedAt !== null });
  if (refusal) throw fail.unprocessable('journey_reward', refusal);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [opened] = await tx.update(accountJourneyRewards).set({ openedAt: now })
      .where(and(eq(accountJourneyRewards.id, id), eq(accountJourneyRewards.accountId, accountId), isNull(accountJourneyRewards.openedAt)))
      .returning({ id: accountJourneyRewards.id });
    if (!opened) throw fail.unprocessable('journey_reward', 'opened');
    const reward = existing.reward;
    if (reward.points !== null && reward.points > 0) await awardScore(tx, accountId, reward.points, 'journey_reward', { type: 'journey_reward', id });
    if (reward.couponId !== null) {
      const granted = await grantCoupon(tx, accountId, area, reward.couponId, now);
      if ('problem' in granted) throw fail.unprocessable('coupon', granted.problem === 'held' ? 'taken' : granted.problem === 'exhausted' ? 'exhausted' : 'inactive');
      await tx.update(accountJourneyRewards).set({ accountCouponId: granted.accountCouponId }).where(eq(accountJourneyRewards.id, id));
    }
  });
  const [row] = await accountRewards(deps.db, accountId, area, eq(accountJourneyRewards.id, id));
  const [journey_reward] = await presentAccountRewards(deps.db, [row!]);
  return { journey_reward: journey_reward!, score: await scoreOf(deps.db, accountId) };
}
