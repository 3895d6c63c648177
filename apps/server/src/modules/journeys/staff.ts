import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  journeyDeleteRefusal, journeyEditRefusal, journeyRewardFrozen, journeyStatus, journeyTaskProblems, journeyWindowProblem, normalizeJourneyCode,
  type Area, type JourneyStaffProblem,
} from '@lantern/domain';
import type { StaffJourney, createJourneyRequest, createJourneyTaskRequest, journeyTaskInput, updateJourneyRequest, updateJourneyTaskRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { couponAreaOf } from '../coupons/index.ts';
import { journeyCodeHash } from './journeys.ts';
import { accountJourneyTasks, journeyRewards, journeyTasks, journeys } from './tables.ts';

type CreateInput = z.infer<typeof createJourneyRequest>['journey'];
type UpdateInput = z.infer<typeof updateJourneyRequest>['journey'];
type TaskInput = z.infer<typeof journeyTaskInput>;
type TaskUpdate = z.infer<typeof updateJourneyTaskRequest>['task'];
type JourneyRow = typeof journeys.$inferSelect;

const atSec = (sec: number) => new Date(sec * 1000);
const windowOf = (j: Pick<JourneyRow, 'startsAt' | 'endsAt'>) => ({ starts_at_timestamp: toTimestamp(j.startsAt), ends_at_timestamp: toTimestamp(j.endsAt) });
const addAll = (errors: FieldErrorList, problems: readonly (JourneyStaffProblem | null)[]) => {
  for (const p of problems) if (p) errors.add(p.field, p.reason);
};

/** Journeys as staff see them: every task with its reward, whether it has a code, and how many accounts completed it. */
async function presentJourneys(db: DbOrTx, rows: readonly JourneyRow[], nowSec: number): Promise<StaffJourney[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const tasks = await db.select({ task: journeyTasks, reward: journeyRewards }).from(journeyTasks)
    .leftJoin(journeyRewards, eq(journeyRewards.taskId, journeyTasks.id))
    .where(inArray(journeyTasks.journeyId, ids)).orderBy(asc(journeyTasks.position), asc(journeyTasks.id));
  const done = tasks.length === 0 ? [] : await db.select({ taskId: accountJourneyTasks.taskId, n: count() }).from(accountJourneyTasks)
    .where(inArray(accountJourneyTasks.taskId, tasks.map((t) => t.task.id))).groupBy(accountJourneyTasks.taskId);
  const completed = new Map(done.map((d) => [d.taskId, d.n]));
  return rows.map((j) => ({
    id: j.id, area: j.area, title: j.title, description: j.description, position: j.position, ...windowOf(j), status: journeyStatus(windowOf(j), nowSec),
    tasks: tasks.filter((t) => t.task.journeyId === j.id).map(({ task, reward }) => {
      const n = completed.get(task.id) ?? 0;
      return {
        id: task.id, kind: task.kind, title: task.title, position: task.position, has_code: task.codeHash !== null, completed_count: n, reward_frozen: journeyRewardFrozen(n),
        reward: reward ? { id: reward.id, title: reward.title, points: reward.points, coupon_id: reward.couponId } : null,
      };
    }),
  }));
}

async function presentOne(deps: Deps, id: number): Promise<StaffJourney> {
  const [row] = await deps.db.select().from(journeys).where(eq(journeys.id, id));
  if (!row) throw fail.notFound('journey');
  const [journey] = await presentJourneys(deps.db, [row], toTimestamp(deps.clock.now()));
  return journey!;
}

/** GET /api/admin/journeys (?area=): every journey, newest first, with its tasks. */
export async function listStaffJourneys(deps: Deps, area: Area | undefined) {
  const rows = await deps.db.select().from(journeys).where(area ? eq(journeys.area, area) : undefined).orderBy(asc(journeys.area), asc(journeys.position), asc(journeys.id));
  return { journeys: await presentJourneys(deps.db, rows, toTimestamp(deps.clock.now())) };
}

/** A reward's coupon must be one of the journey's site (`coupon_id: invalid` under the prefix). */
async function checkCoupon(db: DbOrTx, couponId: number | null | undefined, area: Area, field: string, errors: FieldErrorList): Promise<void> {
  if (couponId != null && (await couponAreaOf(db, couponId)) !== area) errors.add(field, 'invalid');
}

async function checkTask(db: DbOrTx, task: TaskInput, area: Area, prefix: string, errors: FieldErrorList): Promise<void> {
  addAll(errors, journeyTaskProblems(task, prefix));
  await checkCoupon(db, task.reward?.coupon_id, area, `${prefix}reward.coupon_id`, errors);
}

async function insertTask(deps: Deps, tx: Tx, journey: { id: number }, task: TaskInput, position: number): Promise<number> {
  const [row] = await tx.insert(journeyTasks).values({
    journeyId: journey.id, kind: task.kind, title: task.title, position: task.position ?? position,
    codeHash: task.kind === 'redeem_code' ? journeyCodeHash(deps, task.code!) : null,
  }).returning({ id: journeyTasks.id });
  if (task.reward) {
    await tx.insert(journeyRewards).values({ journeyId: journey.id, taskId: row!.id, title: task.reward.title, points: task.reward.points ?? null, couponId: task.reward.coupon_id ?? null });
  }
  return row!.id;
}

/**
 * POST /api/admin/journeys (docs/product/engagement.md#journeys-staff): a journey scheduled for its window, with
 * its tasks and their rewards, in one transaction. Every problem is answered at once (422), nothing written.
 */
export async function createJourney(deps: Deps, input: CreateInput): Promise<StaffJourney> {
  const errors = new FieldErrorList();
  const nowSec = toTimestamp(deps.clock.now());
  addAll(errors, [journeyWindowProblem({ starts_at_timestamp: input.starts_at_timestamp, ends_at_timestamp: input.ends_at_timestamp }, nowSec)]);
  for (const [i, task] of input.tasks.entries()) await checkTask(deps.db, task, input.area, `tasks.${i}.`, errors);
  errors.throwIfAny(422);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(journeys).values({
      area: input.area, title: input.title, description: input.description ?? { chs: '', en: '' },
      startsAt: atSec(input.starts_at_timestamp), endsAt: atSec(input.ends_at_timestamp), position: input.position ?? 0, createdAt: deps.clock.now(),
    }).returning({ id: journeys.id });
    for (const [i, task] of input.tasks.entries()) await insertTask(deps, tx, row!, task, i);
    return row!.id;
  });
  return presentOne(deps, id);
}

/** The journey locked for an edit (an edit and a completion's check of the window are then one after the other). */
async function lockJourney(tx: Tx, id: number): Promise<JourneyRow> {
  const [row] = await tx.select().from(journeys).where(eq(journeys.id, id)).for('update');
  if (!row) throw fail.notFound('journey');
  return row;
}

/**
 * PATCH /api/admin/journeys/{id}: words and place at any time; the window by the domain's `journeyEditRefusal`
 * (an ended journey is history, the start moves only before it starts, the end never into the past); `closed`
 * ends a started journey now: its tasks refuse from this second (`time_range_invalid`), rewards already earned
 * stay to be opened.
 */
export async function updateJourney(deps: Deps, id: number, input: UpdateInput): Promise<StaffJourney> {
  const now = deps.clock.now();
  const nowSec = toTimestamp(now);
  await deps.db.transaction(async (tx) => {
    const row = await lockJourney(tx, id);
    const status = journeyStatus(windowOf(row), nowSec);
    const change = { start: input.starts_at_timestamp !== undefined, end: input.ends_at_timestamp !== undefined, close: input.closed === true };
    const refusal = journeyEditRefusal(status, change);
    if (refusal) throw fail.unprocessable(refusal.field, refusal.reason);
    if (change.close && change.end) throw fail.unprocessable('ends_at_timestamp', 'invalid');
    const window = { starts_at_timestamp: input.starts_at_timestamp ?? toTimestamp(row.startsAt), ends_at_timestamp: input.ends_at_timestamp ?? toTimestamp(row.endsAt) };
    if ((change.start || change.end) && journeyWindowProblem(window, nowSec)) throw fail.unprocessable('ends_at_timestamp', 'invalid');
    const values = {
      title: input.title, description: input.description, position: input.position,
      startsAt: change.start ? atSec(window.starts_at_timestamp) : undefined,
      endsAt: change.close ? now : change.end ? atSec(window.ends_at_timestamp) : undefined,
    };
    // An empty change (`{"journey":{}}`) changes nothing and answers the journey as it is: an UPDATE with nothing
    // to set is not a statement at all.
    if (Object.values(values).some((value) => value !== undefined)) await tx.update(journeys).set(values).where(eq(journeys.id, id));
  });
  return presentOne(deps, id);
}

/** DELETE /api/admin/journeys/{id}: a journey not yet started, with its tasks and rewards (nothing can have been completed). */
export async function deleteJourney(deps: Deps, id: number): Promise<void> {
  const nowSec = toTimestamp(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const row = await lockJourney(tx, id);
    const refusal = journeyDeleteRefusal(journeyStatus(windowOf(row), nowSec));
    if (refusal) throw fail.unprocessable(refusal.field, refusal.reason);
    await tx.delete(journeyRewards).where(eq(journeyRewards.journeyId, id));
    await tx.delete(journeyTasks).where(eq(journeyTasks.journeyId, id));
    await tx.delete(journeys).where(eq(journeys.id, id));
  });
}

/** POST /api/admin/journeys/{id}/tasks: a task added to a journey that has not ended (`journey: ended` otherwise). */
export async function addJourneyTask(deps: Deps, id: number, task: z.infer<typeof createJourneyTaskRequest>['task']): Promise<StaffJourney> {
  const nowSec = toTimestamp(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const row = await lockJourney(tx, id);
    if (journeyStatus(windowOf(row), nowSec) === 'end') throw fail.unprocessable('journey', 'ended');
    const errors = new FieldErrorList();
    await checkTask(tx, task, row.area, '', errors);
    errors.throwIfAny(422);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(journeyTasks).where(eq(journeyTasks.journeyId, id));
    await insertTask(deps, tx, row, task, n);
  });
  return presentOne(deps, id);
}

/**
 * The task locked, with its journey, its reward and how many accounts completed it. The lock is `FOR UPDATE`
 * on the task's row: a completion writes a row referring to it (a key-share lock), so an edit and a completion
 * happen one after the other and the count read here is the count the edit is judged by.
 */
async function lockTask(tx: Tx, journeyId: number, taskId: number) {
  const journey = await lockJourney(tx, journeyId);
  const [task] = await tx.select().from(journeyTasks).where(and(eq(journeyTasks.id, taskId), eq(journeyTasks.journeyId, journeyId))).for('update');
  if (!task) throw fail.notFound('journey_task');
  const [reward] = await tx.select().from(journeyRewards).where(eq(journeyRewards.taskId, taskId));
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(accountJourneyTasks).where(eq(accountJourneyTasks.taskId, taskId));
  return { journey, task, reward: reward ?? null, completedCount: n };
}

/** Whether the update changes what the task gives: a reward added or removed, its points or its coupon. */
function changesWhatItGives(reward: typeof journeyRewards.$inferSelect | null, update: TaskUpdate['reward']): boolean {
  if (update === undefined) return false;
  if (update === null) return reward !== null;
  if (reward === null) return true;
  return (update.points !== undefined && (update.points ?? null) !== reward.points) || (update.coupon_id !== undefined && (update.coupon_id ?? null) !== reward.couponId);
}

/**
 * PATCH /api/admin/journeys/{id}/tasks/{taskId}: its words, place and code at any time (its kind never: make a
 * new task); what it gives only while nobody has completed it (`reward: frozen` after: decisions/0053).
 */
export async function updateJourneyTask(deps: Deps, journeyId: number, taskId: number, input: TaskUpdate): Promise<StaffJourney> {
  await deps.db.transaction(async (tx) => {
    const { journey, task, reward, completedCount } = await lockTask(tx, journeyId, taskId);
    const errors = new FieldErrorList();
    const nextReward = input.reward === undefined ? undefined : input.reward === null ? null : {
      title: input.reward.title ?? reward?.title,
      points: input.reward.points === undefined ? reward?.points ?? null : input.reward.points,
      coupon_id: input.reward.coupon_id === undefined ? reward?.couponId ?? null : input.reward.coupon_id,
    };
    addAll(errors, journeyTaskProblems({ kind: task.kind, code: input.code, reward: nextReward }, '', false));
    if (nextReward && !nextReward.title) errors.add('reward.title', 'blank');
    await checkCoupon(tx, input.reward?.coupon_id, journey.area, 'reward.coupon_id', errors);
    if (journeyRewardFrozen(completedCount) && changesWhatItGives(reward, input.reward)) errors.add('reward', 'frozen');
    errors.throwIfAny(422, { completed_count: completedCount });

    if (input.title !== undefined || input.position !== undefined || input.code !== undefined) {
      await tx.update(journeyTasks).set({
        title: input.title, position: input.position, codeHash: input.code === undefined ? undefined : journeyCodeHash(deps, normalizeJourneyCode(input.code)),
      }).where(eq(journeyTasks.id, taskId));
    }
    if (nextReward === null && reward) await tx.delete(journeyRewards).where(eq(journeyRewards.id, reward.id));
    else if (nextReward && reward) {
      await tx.update(journeyRewards).set({ title: nextReward.title!, points: nextReward.points, couponId: nextReward.coupon_id }).where(eq(journeyRewards.id, reward.id));
    } else if (nextReward) {
      await tx.insert(journeyRewards).values({ journeyId, taskId, title: nextReward.title!, points: nextReward.points, couponId: nextReward.coupon_id });
    }
  });
  return presentOne(deps, journeyId);
}

/** DELETE /api/admin/journeys/{id}/tasks/{taskId}: a task nobody completed (`journey_task: completed` otherwise). */
export async function deleteJourneyTask(deps: Deps, journeyId: number, taskId: number): Promise<StaffJourney> {
  await deps.db.transaction(async (tx) => {
    const { completedCount } = await lockTask(tx, journeyId, taskId);
    if (completedCount > 0) throw fail.unprocessable('journey_task', 'completed');
    await tx.delete(journeyRewards).where(eq(journeyRewards.taskId, taskId));
    await tx.delete(journeyTasks).where(eq(journeyTasks.id, taskId));
  });
  return presentOne(deps, journeyId);
}
