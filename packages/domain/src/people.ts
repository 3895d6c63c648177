/**
 * People: follows and the block list (docs/product/people.md). Pure rules; the server's `people` module and the
 * web both use them.
 */

/** Ours (decisions/0023): the most accounts one account may block; past it `block: out_limit` (422). */
export const BLOCK_LIST_MAX = 1000;

/** Ours (decisions/0023): the most accounts one account may follow; past it `follow: out_limit` (422). */
export const FOLLOW_MAX = 2000;

/** Default `per` of the friends list and of the block list (docs/product/limits.md#page-sizes). */
export const FRIENDS_PAGE_SIZE = 20;
export const BLOCK_LIST_PAGE_SIZE = 20;

/** A block between two accounts, as seen from the one acting. */
export interface BlockBetween {
  /** The account acted on has blocked the actor. */
  blockedByTarget: boolean;
  /** The actor has blocked the account acted on. */
  actorBlockedTarget: boolean;
}

export type FollowRefusal = 'invalid' | 'closed' | 'block_listed' | 'out_limit';

/**
 * Why the actor may not follow the target, or null (docs/product/people.md#follows): oneself is `invalid`; a
 * missing or closed account `closed` (the target-closed message); a block either way `block_listed` — the
 * blocked cannot follow the blocker, and the blocker unblocks before following; `out_limit` past FOLLOW_MAX.
 */
export function followRefusal(input: { actorId: number; targetId: number; targetOpen: boolean; block: BlockBetween; following: number }): FollowRefusal | null {
  if (input.actorId === input.targetId) return 'invalid';
  if (!input.targetOpen) return 'closed';
  if (input.block.blockedByTarget || input.block.actorBlockedTarget) return 'block_listed';
  if (input.following >= FOLLOW_MAX) return 'out_limit';
  return null;
}

export type BlockRefusal = 'invalid' | 'closed' | 'out_limit';

/**
 * Why the actor may not block the target, or null (docs/product/people.md#block-list): oneself is `invalid`,
 * a missing or closed account `closed`, a full list `out_limit`. Blocking someone already blocked is not a
 * refusal: it changes nothing and answers "blocked" again.
 */
export function blockRefusal(input: { actorId: number; targetId: number; targetOpen: boolean; listed: number; alreadyBlocked: boolean }): BlockRefusal | null {
  if (input.actorId === input.targetId) return 'invalid';
  if (!input.targetOpen) return 'closed';
  if (!input.alreadyBlocked && input.listed >= BLOCK_LIST_MAX) return 'out_limit';
  return null;
}

/**
 * Whether a write by `actorId` that reaches `reached` — the author of what it answers, the accounts it
 * mentions, the recipient of a message — is refused because one of them has blocked the actor
 * (docs/product/people.md#what-a-block-does). `blockersOfActor` holds the accounts that blocked the actor.
 * Reaching oneself is never refused.
 */
export function reachesBlocker(actorId: number, reached: Iterable<number | null | undefined>, blockersOfActor: ReadonlySet<number>): boolean {
  for (const id of reached) if (id != null && id !== actorId && blockersOfActor.has(id)) return true;
  return false;
}

/**
 * What a viewer's lists show (docs/product/people.md#what-a-block-does): everything but what the accounts the
 * viewer blocked wrote. A guest (no hidden authors) sees everything.
 */
/**
 * A list's `total_count` for a reader: the list's total less what the accounts the reader blocked wrote in it, so
 * the pages the reader is offered hold exactly what they see (docs/product/people.md#what-a-block-does).
 */
export function totalSeenBy(total: number, writtenByHiddenAuthors: number): number {
  return Math.max(0, total - writtenByHiddenAuthors);
}

export function withoutHiddenAuthors<T>(items: readonly T[], authorOf: (item: T) => number | null | undefined, hidden: ReadonlySet<number>): T[] {
  if (hidden.size === 0) return [...items];
  return items.filter((item) => {
    const author = authorOf(item);
    return author == null || !hidden.has(author);
  });
}

/** The messages the block-list calls answer on success (the web shows them in the site's language). */
export const BLOCK_MESSAGES = { added: 'blocked', removed: 'unblocked' } as const;
