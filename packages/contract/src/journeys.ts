import { z } from 'zod';
import { JOURNEY_CODE_MAX_LENGTH, JOURNEY_TASK_KINDS } from '@lantern/domain';
import { timestamp } from './common.ts';
import { localized } from './catalog.ts';

/** Journeys, tasks and rewards (docs/product/engagement.md#tasks-and-journeys). */
export const journeyTaskKind = z.enum(JOURNEY_TASK_KINDS);

export const journeySummary = z.object({
  id: z.number().int(),
  title: localized,
  description: localized,
  starts_at_timestamp: timestamp,
  ends_at_timestamp: timestamp,
  status: z.enum(['not_start', 'current', 'end']),
});

export const journeyRewardSummary = z.object({
  id: z.number().int(),
  title: localized,
  points: z.number().int().nullable(),
  coupon: z.object({ id: z.number().int(), title: localized }).nullable(),
});

export const journeyTask = z.object({
  id: z.number().int(),
  journey_id: z.number().int(),
  kind: journeyTaskKind,
  title: localized,
  journey: journeySummary,
  reward: journeyRewardSummary.nullable(),
  completed: z.boolean(),
});

export const accountJourneyTask = z.object({
  id: z.number().int(),
  journey_id: z.number().int(),
  journey_task_id: z.number().int(),
  completed_at_timestamp: timestamp,
});

/** GET /api/me/journey_tasks (q[journey_task_id_in][]=…): the tasks of the site's journeys and which the account has done. */
export const journeyTasksQuery = z.object({
  version: z.string().max(40).optional(),
  q: z.object({ journey_task_id_in: z.union([z.array(z.coerce.number().int().positive()).max(50), z.coerce.number().int().positive()]).optional() }).optional(),
});
export const journeyTasksResponse = z.object({
  journey_tasks: z.array(journeyTask),
  accounts_journey_tasks: z.array(accountJourneyTask),
});

export const journeyTaskParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), taskId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** POST …/shares and …/redeem_codes: the task as it is now (completed), and the account's completion. */
export const journeyTaskDone = z.object({
  journey_task: journeyTask,
  accounts_journey_task: accountJourneyTask,
});
export const journeyShareBody = z.object({ version: z.string().max(40).optional() }).nullish();
export const journeyRedeemBody = z.object({ code: z.string().max(JOURNEY_CODE_MAX_LENGTH * 4) });

/** GET /api/registers/new (journey_task_ids): the sign-up page's journey tasks that signing up completes. */
export const registersNewQuery = z.object({
  journey_task_ids: z.union([z.array(z.coerce.number().int().positive()).max(50), z.coerce.number().int().positive()]).optional(),
});
export const registersNewResponse = z.object({ journey_tasks: z.array(journeyTask) });

/** An account's reward: closed until opened, once; opening grants it. */
export const accountJourneyReward = z.object({
  id: z.number().int(),
  journey_id: z.number().int(),
  journey_task_id: z.number().int(),
  journey_reward: journeyRewardSummary,
  opened: z.boolean(),
  opened_at_timestamp: timestamp.nullable(),
  created_at_timestamp: timestamp,
  account_coupon_id: z.number().int().nullable(),
});
export const journeyRewardsQuery = z.object({
  filter: z.object({ journey_reward_journey_id_eq: z.coerce.number().int().positive().optional() }).optional(),
});
export const journeyRewardsResponse = z.object({ journey_rewards: z.array(accountJourneyReward) });
export const journeyRewardOpened = z.object({ journey_reward: accountJourneyReward, score: z.number().int() });

export type JourneyTask = z.infer<typeof journeyTask>;
export type AccountJourneyReward = z.infer<typeof accountJourneyReward>;
export type JourneyTasksResponse = z.infer<typeof journeyTasksResponse>;

export { JOURNEYS_API } from './paths/journeys.ts';
