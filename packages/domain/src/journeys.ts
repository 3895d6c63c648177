/**
 * Journeys and their tasks (docs/product/engagement.md#tasks-and-journeys). A journey is a set of tasks
 * open in a window of server seconds; completing a task gives the account its reward, closed, which the
 * account opens once to receive it (points through the points ledger, a coupon through coupons' grant).
 */

/** What a task asks: share it, redeem the journey's code, bind WeChat, or sign up during the journey. */
export const JOURNEY_TASK_KINDS = ['share', 'redeem_code', 'bind_wechat', 'register'] as const;
export type JourneyTaskKind = (typeof JOURNEY_TASK_KINDS)[number];

/** A share counts once per task per this many seconds per account; sooner is `access_wait` ("operation too frequent"). */
export const JOURNEY_SHARE_WAIT_SECONDS = 10;
/** Wrong codes on journey tasks per account per hour before further attempts are `access_wait`, counted before comparing. */
export const JOURNEY_CODE_FAILURES_PER_HOUR = 10;
export const JOURNEY_CODE_WINDOW_SECONDS = 3600;
export const JOURNEY_CODE_MAX_LENGTH = 32;

export interface JourneyWindow {
  starts_at_timestamp: number;
  ends_at_timestamp: number;
}

export type JourneyStatus = 'not_start' | 'current' | 'end';

/** `current` from the start up to (not including) the end. */
export function journeyStatus(window: JourneyWindow, nowSec: number): JourneyStatus {
  if (nowSec < window.starts_at_timestamp) return 'not_start';
  if (nowSec >= window.ends_at_timestamp) return 'end';
  return 'current';
}

/** The call a task is completed through; a call that does not fit the task's kind is `auth_invalid`. */
export type JourneyTaskCall = 'share' | 'redeem_code' | 'bind_wechat' | 'register';

export type JourneyTaskRefusal = 'time_range_invalid' | 'auth_invalid';

/**
 * Why this call cannot complete this task now, or null: outside the journey's window is `time_range_invalid`
 * (message 76); a call that is not how this kind of task is done is `auth_invalid` (message 78).
 */
export function journeyTaskRefusal(kind: JourneyTaskKind, call: JourneyTaskCall, window: JourneyWindow, nowSec: number): JourneyTaskRefusal | null {
  if (kind !== call) return 'auth_invalid';
  if (journeyStatus(window, nowSec) !== 'current') return 'time_range_invalid';
  return null;
}

/** A `register` task is done by an account created within its journey's window. */
export function registerTaskDone(window: JourneyWindow, accountCreatedSec: number): boolean {
  return journeyStatus(window, accountCreatedSec) === 'current';
}

/** The task message the page shows for a refusal (docs/product/engagement.md#journey-reasons): 76 out of time, 78 auth, 75 anything else. */
export function journeyTaskMessage(reason: string | null | undefined): 75 | 76 | 78 {
  if (reason === 'time_range_invalid') return 76;
  if (reason === 'auth_invalid') return 78;
  return 75;
}

/** The share button's failure text: too frequent, outside the activity range, or the task message. */
export function shareTaskFailure(reason: string | null | undefined): 'too_frequent' | 'not_in_range' | 'failed' {
  if (reason === 'access_wait') return 'too_frequent';
  if (reason === 'time_range_invalid') return 'not_in_range';
  return 'failed';
}

/** A wrong code on a task says the lowest-price discount password is wrong; any other failure "submission failed". */
export function redeemTaskFailure(reason: string | null | undefined): 'wrong_code' | 'failed' {
  return reason === 'invalid' || reason === 'not_found' ? 'wrong_code' : 'failed';
}

/** Codes are compared without case or surrounding blanks. */
export function normalizeJourneyCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface JourneyRewardFacts {
  opened: boolean;
}

/** A reward is opened once: a second opening is `opened`. */
export function journeyRewardRefusal(reward: JourneyRewardFacts): 'opened' | null {
  return reward.opened ? 'opened' : null;
}

/** How many of a journey's tasks are done, for its progress bar. */
export function journeyProgress(taskIds: readonly number[], completed: ReadonlySet<number>): { done: number; total: number } {
  return { done: taskIds.filter((id) => completed.has(id)).length, total: taskIds.length };
}

/** What staff may define (docs/product/engagement.md#journeys-staff): at most 20 tasks a journey, a reward of at most 100,000 points. */
export const JOURNEY_STAFF_LIMITS = { tasksMax: 20, rewardPointsMax: 100_000 } as const;

export interface JourneyStaffProblem {
  field: string;
  reason: 'blank' | 'invalid' | 'ended' | 'started' | 'not_started' | 'frozen';
}

/** A window staff set: it must end after it starts, and not in the past (closing a journey is its own call). */
export function journeyWindowProblem(window: JourneyWindow, nowSec: number): JourneyStaffProblem | null {
  if (window.ends_at_timestamp <= window.starts_at_timestamp || window.ends_at_timestamp <= nowSec) return { field: 'ends_at_timestamp', reason: 'invalid' };
  return null;
}

/**
 * Why staff may not change a journey's window this way now, or null. An ended journey is history
 * (`journey: ended`); its start moves only before it starts (`starts_at_timestamp: started`: accounts signed up
 * since would stop counting); closing one that has not started is `journey: not_started` (delete it instead).
 */
export function journeyEditRefusal(status: JourneyStatus, change: { start?: boolean; end?: boolean; close?: boolean }): JourneyStaffProblem | null {
  if (!change.start && !change.end && !change.close) return null;
  if (status === 'end') return { field: 'journey', reason: 'ended' };
  if (change.start && status !== 'not_start') return { field: 'starts_at_timestamp', reason: 'started' };
  if (change.close && status === 'not_start') return { field: 'journey', reason: 'not_started' };
  return null;
}

/** A journey may be deleted only before it starts: nothing can have been completed yet. */
export function journeyDeleteRefusal(status: JourneyStatus): JourneyStaffProblem | null {
  return status === 'not_start' ? null : { field: 'journey', reason: 'started' };
}

export interface JourneyTaskDraft {
  kind: JourneyTaskKind;
  /** Present when the call sets a code (normalized: `normalizeJourneyCode`). */
  code?: string | undefined;
  /** null: no reward; undefined: not part of this call. */
  reward?: { points?: number | null | undefined; coupon_id?: number | null | undefined } | null | undefined;
}

/**
 * A task's own problems, each under `prefix`: a `redeem_code` task needs a code (`code: blank`) and no other kind
 * takes one (`code: invalid`); a reward gives points, a coupon or both (`reward: blank`). `codeRequired` is false
 * when an existing task keeps the code it has.
 */
export function journeyTaskProblems(task: JourneyTaskDraft, prefix: string, codeRequired = true): JourneyStaffProblem[] {
  const problems: JourneyStaffProblem[] = [];
  const code = task.code === undefined ? undefined : normalizeJourneyCode(task.code);
  if (task.kind === 'redeem_code') {
    if (code === '' || (code === undefined && codeRequired)) problems.push({ field: `${prefix}code`, reason: 'blank' });
  } else if (code !== undefined) problems.push({ field: `${prefix}code`, reason: 'invalid' });
  if (task.reward && (task.reward.points == null || task.reward.points <= 0) && task.reward.coupon_id == null) problems.push({ field: `${prefix}reward`, reason: 'blank' });
  return problems;
}

/**
 * What a task gives is frozen once any account completed it: those accounts hold its reward (opened or not),
 * and changing it under them would give some more and some less for the same task. Its words may still change.
 */
export function journeyRewardFrozen(completedCount: number): boolean {
  return completedCount > 0;
}
