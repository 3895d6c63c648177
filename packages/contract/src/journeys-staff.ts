import { z } from 'zod';
import { JOURNEY_CODE_MAX_LENGTH, JOURNEY_STAFF_LIMITS } from '@lantern/domain';
import { area, timestamp } from './common.ts';
import { localized } from './catalog.ts';
import { journeyTaskKind } from './journeys.ts';

/** Staff define journeys, their tasks and rewards (docs/product/engagement.md#journeys-staff); admins only, audited. */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const at = timestamp.min(0).max(32_503_680_000);
const title = z.object({ chs: z.string().trim().min(1).max(80), en: z.string().trim().min(1).max(80) });
const text = z.object({ chs: z.string().trim().max(500), en: z.string().trim().max(500) });
const position = z.number().int().min(0).max(10_000);
/** A task's code (redeem_code tasks only): kept as an HMAC, never answered back. */
const code = z.string().max(JOURNEY_CODE_MAX_LENGTH);

export const journeyRewardInput = z.object({
  title,
  points: z.number().int().min(1).max(JOURNEY_STAFF_LIMITS.rewardPointsMax).nullable().optional(),
  coupon_id: id.nullable().optional(),
});

export const journeyTaskInput = z.object({
  kind: journeyTaskKind,
  title,
  code: code.optional(),
  position: position.optional(),
  reward: journeyRewardInput.nullable().optional(),
});

/** POST /api/admin/journeys: a journey of one site, its window and its tasks (0 to 20), checked before anything is written. */
export const createJourneyRequest = z.object({
  journey: z.object({
    area,
    title,
    description: text.optional(),
    starts_at_timestamp: at,
    ends_at_timestamp: at,
    position: position.optional(),
    tasks: z.array(journeyTaskInput).max(JOURNEY_STAFF_LIMITS.tasksMax).default([]),
  }),
});

/**
 * PATCH /api/admin/journeys/{id}: its words, its place, its window (the start only before it starts), or
 * `closed: true` to end it now.
 */
export const updateJourneyRequest = z.object({
  journey: z.object({
    title: title.optional(),
    description: text.optional(),
    position: position.optional(),
    starts_at_timestamp: at.optional(),
    ends_at_timestamp: at.optional(),
    closed: z.literal(true).optional(),
  }),
});

/** POST /api/admin/journeys/{id}/tasks: a task added to a journey not yet ended. */
export const createJourneyTaskRequest = z.object({ task: journeyTaskInput });

/**
 * PATCH /api/admin/journeys/{id}/tasks/{taskId}: its words, its place, its code, its reward. What a task gives
 * (its reward's points and coupon, or having one at all) is frozen once anyone has completed it.
 */
export const updateJourneyTaskRequest = z.object({
  task: z.object({
    title: title.optional(),
    code: code.optional(),
    position: position.optional(),
    reward: z.object({ title: title.optional(), points: journeyRewardInput.shape.points, coupon_id: journeyRewardInput.shape.coupon_id }).nullable().optional(),
  }),
});

export const staffJourneyParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const staffJourneyTaskParams = staffJourneyParams.extend({ taskId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const staffJourneysQuery = z.object({ area: area.optional() });

/** A task as staff see it: whether it has a code (never the code), how many accounts completed it, whether its reward is frozen. */
export const staffJourneyTask = z.object({
  id: z.number().int(),
  kind: journeyTaskKind,
  title: localized,
  position: z.number().int(),
  has_code: z.boolean(),
  completed_count: z.number().int(),
  reward_frozen: z.boolean(),
  reward: z.object({ id: z.number().int(), title: localized, points: z.number().int().nullable(), coupon_id: z.number().int().nullable() }).nullable(),
});

export const staffJourney = z.object({
  id: z.number().int(),
  area,
  title: localized,
  description: localized,
  position: z.number().int(),
  starts_at_timestamp: timestamp,
  ends_at_timestamp: timestamp,
  status: z.enum(['not_start', 'current', 'end']),
  tasks: z.array(staffJourneyTask),
});
export type StaffJourney = z.infer<typeof staffJourney>;
export const staffJourneysResponse = z.object({ journeys: z.array(staffJourney) });

export { JOURNEYS_STAFF_API } from './paths/journeys-staff.ts';
