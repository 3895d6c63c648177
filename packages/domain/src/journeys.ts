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
