import type { Area, PlatformKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';

/**
 * What a module above this one does once an account has bound a platform: journeys complete their
 * `bind_wechat` tasks (answering the ids completed, for `completed_journey_task_ids`), invitations count the
 * invitee as real (docs/product/engagement.md). Provided from their `setup`, so this module never imports them.
 */
export type BindFollowUp = (deps: Deps, accountId: number, area: Area, kind: PlatformKind, journeyTaskIds: readonly number[] | undefined) => Promise<number[]>;

const followUps = new Map<string, BindFollowUp>();

/** Adds a follow-up under its name (setting up twice replaces it). */
export function provideBindFollowUp(name: string, followUp: BindFollowUp): void {
  followUps.set(name, followUp);
}

/** Runs every follow-up after the binding committed; answers the journey tasks they completed. */
export async function runBindFollowUps(deps: Deps, accountId: number, area: Area, kind: PlatformKind, journeyTaskIds: readonly number[] | undefined): Promise<number[]> {
  const completed: number[] = [];
  for (const followUp of followUps.values()) completed.push(...(await followUp(deps, accountId, area, kind, journeyTaskIds)));
  return [...new Set(completed)].sort((a, b) => a - b);
}
