import type { Area } from '@lantern/domain';
import { isConnectionError, type Db, type DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { asError } from '../../platform/group-lanes.ts';
import { tellOfLikes } from './notices.ts';
import { guardWrite, visibleTarget, type DiscussionTargetFacts } from './targets.ts';
import { writeReaction, writeReactionsTogether, type ReactionWanted } from './reaction-writes.ts';
import { viewOf, type TargetView, type ViewRow } from './write-statement.ts';

/**
 * A like, a dislike or a cancel (docs/product/community.md#likes), written once: the ordered steps below, each
 * run for every like of a group still standing — one like alone is a group of one. The likes of one target asked
 * for at the same moment on an instance go as a group (likes.ts, through the platform's group lanes), and each
 * refusal rule is in one step, so a like is answered the same alone as in a rush.
 */

/** One like asked for: who, which target, the state wanted (null: none), and on which site. */
export interface LikeAsk extends ReactionWanted {
  area: Area;
}

/** A like on its way through the steps, with what they found. */
interface LikeOnItsWay {
  ask: LikeAsk;
  facts?: DiscussionTargetFacts;
  /** The write's answer: the target's counts after it and the writer's state. */
  row?: ViewRow;
}

/** What a step answers for each like given it, in order: a refusal (that like's answer) or nothing (it goes on). */
type Verdicts = (Error | undefined)[];

interface LikeStep {
  name: string;
  /** `deps` for reads shared with other requests; `lane`, the connection the group's writes go on. */
  run(deps: Deps, lane: Db, likes: readonly LikeOnItsWay[]): Promise<Verdicts>;
}

export const LIKE_STEPS: readonly LikeStep[] = [
  {
    // 404 `accessible_id`: a type nobody registered, a target gone or hidden, or one of the other site (decisions/0015).
    name: 'the target is seen on this site',
    run: (deps, _lane, likes) => verdictsOf(likes.map(async (like) => {
      like.facts = await visibleTarget(deps, like.ask.type, like.ask.id, like.ask.area, 'accessible_id');
    })),
  },
  {
    // Moderation's guard: 401 unknown, 403 `banned` in a warn ban (the muted may like), 429 over the pace.
    name: 'the writer may like',
    run: (deps, _lane, likes) => verdictsOf(likes.map((like) => guardWrite(deps, like.ask.accountId, 'like'))),
  },
  {
    // 400 `account_id: taken` for the state already held (the product rule `likeOutcome`, reaction-writes.ts).
    name: 'the reaction is written with its counter',
    run: (deps, lane, likes) => writeReactions(lane, likes, deps.clock.now()),
  },
  {
    // Likes only, once written; a failure here fails the likes it tells of, as it would one alone.
    name: 'the author is told',
    run: async (deps, _lane, likes) => {
      const likers = likes.filter((like) => like.ask.wanted === 1 && (like.row?.done ?? 0) > 0).map((like) => like.ask.accountId);
      const { type, id } = likes[0]!.ask;
      const told = await tellOfLikes(deps, type, id, likes[0]!.facts?.authorId ?? null, likers).then(() => undefined, asError);
      return likes.map((like) => (likers.includes(like.ask.accountId) ? told : undefined));
    },
  },
];

/**
 * Runs the steps for likes of one target on one site, answering each its view or its refusal. `lane` is the
 * connection the group's writes go on (the group lanes hold one per lane).
 */
export async function runLikeSteps(deps: Deps, lane: Db, asks: readonly LikeAsk[]): Promise<(TargetView | Error)[]> {
  const likes: LikeOnItsWay[] = asks.map((ask) => ({ ask }));
  const answers = new Map<LikeOnItsWay, Error>();
  for (const step of LIKE_STEPS) {
    const standing = likes.filter((like) => !answers.has(like));
    if (standing.length === 0) break;
    const verdicts = await step.run(deps, lane, standing);
    standing.forEach((like, i) => { if (verdicts[i]) answers.set(like, verdicts[i]); });
  }
  return likes.map((like) => answers.get(like) ?? viewOf(like.row!));
}

/**
 * The writes of a group. A like's write is one statement, atomic on its own: its reaction row, its counter shard
 * and the target's dirty mark change together or not at all (reaction-writes.ts). A group of several is one
 * statement too, `writeReactionsTogether`: one round trip and one commit for all its writers, with no BEGIN or
 * COMMIT — nothing of a group needs a transaction to be right. The author is told only after the writes (the last
 * step), as for one like alone; if the process dies between a group's statement and that, the likes stand with
 * their counts untold, as one like alone would. A refusal (400) is that writer's answer; a writer whose reaction
 * its other request changed meanwhile is written alone after the statement (it tries again). If the statement
 * fails (a deadlock with another instance's writers of the same accounts), nothing of it was written, and each
 * writes on its own, as it would alone.
 */
async function writeReactions(lane: Db, likes: readonly LikeOnItsWay[], now: Date): Promise<Verdicts> {
  // Each account once (the group lanes' rule); a group that broke it would be written one by one.
  if (likes.length === 1 || new Set(likes.map((like) => like.ask.accountId)).size < likes.length) return writeEach(lane, likes, now);
  const { type, id } = likes[0]!.ask;
  let outcomes: Awaited<ReturnType<typeof writeReactionsTogether>>;
  try {
    outcomes = await writeReactionsTogether(lane, type, id, likes.map((like) => like.ask), now);
  } catch (error) {
    if (isConnectionError(error)) throw error;
    return writeEach(lane, likes, now);
  }
  const verdicts: Verdicts = [];
  for (const [i, like] of likes.entries()) {
    const outcome = outcomes[i];
    if (outcome === null) verdicts.push(...(await writeEach(lane, [like], now)));
    else if (outcome instanceof Error) verdicts.push(outcome);
    else {
      like.row = outcome;
      verdicts.push(undefined);
    }
  }
  return verdicts;
}

/**
 * Each like in its own statement, committed on its own: whatever fails one like (a refusal, the database gone)
 * is that like's answer, never another's. Once the lane's connection is broken, the likes after it are answered
 * that error unwritten (the lanes then drop the connection: platform/group-lanes.ts).
 */
async function writeEach(lane: Db, likes: readonly LikeOnItsWay[], now: Date): Promise<Verdicts> {
  const verdicts: Verdicts = [];
  let broken: Error | undefined;
  for (const like of likes) {
    const verdict = broken ?? (await writeOne(lane, like, now).catch(asError));
    if (verdict && isConnectionError(verdict)) broken = verdict;
    verdicts.push(verdict);
  }
  return verdicts;
}

/** One writer's reaction written alone: a refusal is its answer; any other error is thrown. */
async function writeOne(db: DbOrTx, like: LikeOnItsWay, now: Date): Promise<Error | undefined> {
  try {
    like.row = await writeReaction(db, like.ask, now);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

async function verdictsOf(work: readonly Promise<unknown>[]): Promise<Verdicts> {
  return (await Promise.allSettled(work)).map((result) => (result.status === 'rejected' ? asError(result.reason) : undefined));
}
