import type { Area, JourneyTaskKind } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { names } from './catalog-factories.ts';
import { journeyCodeHash } from '../../src/modules/journeys/index.ts';
import { journeyRewards, journeyTasks, journeys } from '../../src/modules/journeys/tables.ts';

const HOUR = 3600_000;

export interface JourneyOptions {
  area?: Area;
  startsInHours?: number;
  endsInHours?: number;
  code?: string;
  points?: number;
  couponId?: number;
}

/** A journey with one task of each kind, each rewarding `points` (the redeem task also a coupon, when given). */
export async function makeJourney(t: TestApp, options: JourneyOptions = {}) {
  const now = t.clock.now().getTime();
  const [journey] = await t.deps.db.insert(journeys).values({
    area: options.area ?? 'native',
    title: names('Spring journey', '春季旅程'),
    description: names('Four tasks', '四个任务'),
    startsAt: new Date(now + (options.startsInHours ?? -1) * HOUR),
    endsAt: new Date(now + (options.endsInHours ?? 24) * HOUR),
  }).returning();
  const tasks: Record<JourneyTaskKind, { id: number; rewardId: number }> = {} as never;
  const kinds: JourneyTaskKind[] = ['share', 'redeem_code', 'bind_wechat', 'register'];
  for (const [position, kind] of kinds.entries()) {
    const [task] = await t.deps.db.insert(journeyTasks).values({
      journeyId: journey!.id, kind, title: names(`Task ${kind}`), position,
      codeHash: kind === 'redeem_code' ? journeyCodeHash(t.deps, options.code ?? 'SPRING2026') : null,
    }).returning();
    const [reward] = await t.deps.db.insert(journeyRewards).values({
      journeyId: journey!.id, taskId: task!.id, title: names(`Reward ${kind}`), points: options.points ?? 20,
      couponId: kind === 'redeem_code' ? (options.couponId ?? null) : null,
    }).returning();
    tasks[kind] = { id: task!.id, rewardId: reward!.id };
  }
  return { id: journey!.id, tasks };
}
