import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';
import { fail } from '../../platform/errors.ts';
import { assertMayWrite, screenFor, type ContentPlace } from '../moderation/index.ts';

/** What people comment on and like; each is owned by another module, which registers a loader for it. */
export type DiscussionTargetType = 'Post' | 'SteamReview' | 'Headline' | 'Talk';

/**
 * What people like: the targets, and comments and replies themselves (`Comment`, this module's own, liked on
 * the forum host's `/post/reply/{id}/like`; decisions/0018). Comments are not commented on.
 */
export type LikeTargetType = DiscussionTargetType | 'Comment';

export interface DiscussionTargetFacts {
  authorId: number | null;
  /** The site the target belongs to, or `both` for one both sites show (the community's posts). */
  area: Area | 'both';
  locked: boolean;
}

/** Whether a target is seen on this site. */
export const seenOn = (facts: DiscussionTargetFacts, area: Area) => facts.area === 'both' || facts.area === area;

export interface DiscussionTarget {
  /** The visible targets among ids (missing = gone or hidden), with their author and whether locked. */
  load(deps: Deps, ids: readonly number[]): Promise<Map<number, DiscussionTargetFacts>>;
  /** Where a target is, in any state: its group (a post's) and the page it is read on; the comments on it are there too. */
  placeOf?(deps: Deps, id: number): Promise<ContentPlace | null>;
}

const targets = new Map<LikeTargetType, DiscussionTarget>();

/**
 * Where a comment on a target is (decisions/0043): in the target's group, read on the target's page at the comment
 * (`#comment-{id}`, the thread's anchor of a comment or a reply). A target whose owner does not say is nowhere.
 */
export async function placeOfCommentOn(deps: Deps, type: string, targetId: number, commentId: number): Promise<ContentPlace | null> {
  const place = await targets.get(type as LikeTargetType)?.placeOf?.(deps, targetId);
  if (!place) return null;
  return { groupId: place.groupId, path: place.path === null ? null : `${place.path}#comment-${commentId}` };
}

/** Registers (or replaces) the loader of a target type; the owning module calls it from its `setup`. */
export function registerDiscussionTarget(type: LikeTargetType, target: DiscussionTarget): void {
  targets.set(type, target);
}

/** The writes moderation is asked about. */
export type DiscussionWriteAction = 'comment' | 'reply' | 'like';

/**
 * Moderation's check before every write (docs/product/community.md#moderation): a guest, a muted or warn-banned
 * writer (likes stay open to the muted) and a writer over the pace for their age and standing are refused.
 */
export async function guardWrite(deps: Deps, accountId: number, action: DiscussionWriteAction): Promise<void> {
  await assertMayWrite(deps, accountId, action);
}

/**
 * A comment's watched words, screened on its stored HTML — what readers will see, after the sanitiser dropped
 * scripts with their content, so no word is split by something that is then taken away (decisions/0031):
 * `block` refuses (422 `censor_words: banned`, shown as nothing), `censor` masks the word, `require_approval`
 * holds the comment for staff (stored `pending`, decisions/0020) and `flag` publishes it with a system report
 * for staff. Answers the HTML to store, whether to hold it, and the flag words found.
 */
export async function screenComment(deps: Deps, area: Area, html: string): Promise<{ html: string; hold: boolean; flagged: string[] }> {
  const screened = await screenFor(deps, 'comment', [html], area);
  return { html: screened.texts[0]!, hold: screened.hold, flagged: screened.flagged };
}

/** The loaded facts of several targets of one type; an unregistered type has none. */
export async function loadTargets(deps: Deps, type: LikeTargetType, ids: readonly number[]): Promise<Map<number, DiscussionTargetFacts>> {
  const target = targets.get(type);
  if (!target || ids.length === 0) return new Map();
  return target.load(deps, [...new Set(ids)]);
}

/**
 * One visible target of this site, or 404 on `field`: a type nobody registered, a target that is gone or
 * hidden, and one of the other site all look the same (decisions/0015).
 */
export async function visibleTarget(deps: Deps, type: LikeTargetType, id: number, area: Area, field: string): Promise<DiscussionTargetFacts> {
  const facts = await targetReads.load(deps, `${type}:${id}`);
  if (!facts || !seenOn(facts, area)) throw fail.notFound(field);
  return facts;
}

/**
 * Every write's target, asked for in the same turn of the event loop, loaded in one call of its type's loader
 * (platform/batched-loader.ts): the writers of a hot post share one read of it instead of a round trip each.
 * Read when the turn ends, after every asker asked, so each sees what was committed before it asked. Keys are
 * `type:id`, so a batch of several types goes to each type's loader once.
 */
const targetReads = new BatchedLoaders<Deps, `${LikeTargetType}:${number}`, DiscussionTargetFacts>(async (deps, keys) => {
  const idsByType = new Map<LikeTargetType, number[]>();
  for (const key of keys) {
    const [type, id] = key.split(':') as [LikeTargetType, string];
    idsByType.set(type, [...(idsByType.get(type) ?? []), Number(id)]);
  }
  const found = new Map<`${LikeTargetType}:${number}`, DiscussionTargetFacts>();
  for (const [type, ids] of idsByType) for (const [id, facts] of await loadTargets(deps, type, ids)) found.set(`${type}:${id}`, facts);
  return found;
});
