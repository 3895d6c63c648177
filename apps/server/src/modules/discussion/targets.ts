import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';

/** What people comment on and like; each is owned by another module, which registers a loader for it. */
export type DiscussionTargetType = 'Post' | 'SteamReview' | 'Headline' | 'Talk';

export interface DiscussionTargetFacts {
  authorId: number | null;
  area: 'native' | 'abroad';
  locked: boolean;
}

export interface DiscussionTarget {
  /** The visible targets among ids (missing = gone or hidden), with their author and whether locked. */
  load(deps: Deps, ids: readonly number[]): Promise<Map<number, DiscussionTargetFacts>>;
}

/** The write a guard is asked about (moderation's mute, rate limit and watched words plug in here at merge). */
export type DiscussionWriteAction = 'comment' | 'reply' | 'like';

/**
 * Asked before every write: throws an AppError to refuse (muted, too fast, banned words), or answers the text
 * to store instead (censored); undefined keeps the text as it is.
 */
export type DiscussionWriteGuard = (deps: Deps, accountId: number, action: DiscussionWriteAction, text?: string) => Promise<string | undefined>;

const targets = new Map<DiscussionTargetType, DiscussionTarget>();
let writeGuard: DiscussionWriteGuard = async () => undefined;

/** Registers (or replaces) the loader of a target type; the owning module calls it from its `setup`. */
export function registerDiscussionTarget(type: DiscussionTargetType, target: DiscussionTarget): void {
  targets.set(type, target);
}

/** Sets the check run before every comment, reply and like (default: allow). */
export function registerWriteGuard(guard: DiscussionWriteGuard): void {
  writeGuard = guard;
}

export function guardWrite(deps: Deps, accountId: number, action: DiscussionWriteAction, text?: string): Promise<string | undefined> {
  return writeGuard(deps, accountId, action, text);
}

/** The loaded facts of several targets of one type; an unregistered type has none. */
export async function loadTargets(deps: Deps, type: DiscussionTargetType, ids: readonly number[]): Promise<Map<number, DiscussionTargetFacts>> {
  const target = targets.get(type);
  if (!target || ids.length === 0) return new Map();
  return target.load(deps, [...new Set(ids)]);
}

/**
 * One visible target of this site, or 404 on `field`: a type nobody registered, a target that is gone or
 * hidden, and one of the other site all look the same (decisions/0015).
 */
export async function visibleTarget(deps: Deps, type: DiscussionTargetType, id: number, area: Area, field: string): Promise<DiscussionTargetFacts> {
  const facts = (await loadTargets(deps, type, [id])).get(id);
  if (!facts || facts.area !== area) throw fail.notFound(field);
  return facts;
}
