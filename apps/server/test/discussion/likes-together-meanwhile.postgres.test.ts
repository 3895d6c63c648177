import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { FakeTargets } from '../support/discussion-support.ts';
import { lockWaiters } from '../support/lock-waiters.ts';
import { useTestApp } from '../support/test-app.ts';
import { rowsOf } from '../../src/platform/db/json-rows.ts';
import { AppError } from '../../src/platform/errors.ts';
import { runLikeSteps, type LikeAsk } from '../../src/modules/discussion/like-steps.ts';
import { writeReaction } from '../../src/modules/discussion/reaction-writes.ts';
import type { TargetView } from '../../src/modules/discussion/write-statement.ts';

/**
 * The likes of a group are written in one statement (modules/discussion/like-steps.ts, reaction-writes.ts
 * `writeReactionsTogether`). A member whose reaction another request of its account changes while the statement
 * runs — committed after the statement's snapshot, before its write — is matched by none of its writes; it is
 * then written alone, and answered what it would have been answered after that other request: the others of the
 * group are written, and the counts stay equal to the rows. PostgreSQL only: the other request must really hold
 * the account's reaction on another connection while the group's statement waits for it.
 */
const { t } = useTestApp();
const targets = new FakeTargets();
beforeAll(() => targets.install());

const ask = (accountId: number, id: number, wanted: 1 | 2 | null): LikeAsk => ({ accountId, area: 'native', type: 'Post', id, wanted });

/** The post's counts and its reactions' recount, read in one statement. */
async function countsOf(post: number) {
  const [row] = await rowsOf<{ likes: number; dislikes: number; recount_likes: number; recount_dislikes: number }>(t.deps.db, sql`
    SELECT (SELECT coalesce(sum(likes), 0)::int FROM discussion_counters WHERE target_type = 'Post' AND target_id = ${post}) AS likes,
           (SELECT coalesce(sum(dislikes), 0)::int FROM discussion_counters WHERE target_type = 'Post' AND target_id = ${post}) AS dislikes,
           (SELECT count(*)::int FROM discussion_reactions WHERE target_type = 'Post' AND target_id = ${post} AND state = 1) AS recount_likes,
           (SELECT count(*)::int FROM discussion_reactions WHERE target_type = 'Post' AND target_id = ${post} AND state = 2) AS recount_dislikes`);
  return row!;
}

/**
 * Runs `other` (a write of the account's other request) in a transaction held open until the group's statement
 * waits on it, then commits it; answers the group's answers.
 */
async function groupWhile(other: (tx: Parameters<Parameters<typeof t.deps.db.transaction>[0]>[0]) => Promise<unknown>, asks: LikeAsk[]) {
  let commit!: () => void;
  const released = new Promise<void>((resolve) => { commit = resolve; });
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => { wrote = resolve; });
  const held = t.deps.db.transaction(async (tx) => {
    await other(tx);
    wrote();
    await released;
  });
  await written;
  const group = runLikeSteps(t.deps, t.deps.db, asks);
  await vi.waitFor(async () => expect(await lockWaiters(t.deps.db)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 20 });
  commit();
  await held;
  return group;
}

const stateOf = (answer: TargetView | Error) => (answer instanceof Error ? answer : answer.like_type);

describe('a group of likes whose member\'s reaction changes while its statement runs', () => {
  it('answers a like its other request made meanwhile "already liked", and writes the others', async () => {
    const post = targets.post();
    const [a, b, c] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const answers = await groupWhile((tx) => writeReaction(tx, ask(a.id, post, 1), t.clock.now()), [ask(a.id, post, 1), ask(b.id, post, 1), ask(c.id, post, 2)]);

    expect(answers[0]).toBeInstanceOf(AppError);
    expect((answers[0] as AppError).errors).toEqual({ account_id: ['taken'] });
    expect(answers.slice(1).map(stateOf)).toEqual([1, 2]);
    expect(await countsOf(post)).toEqual({ likes: 2, dislikes: 1, recount_likes: 2, recount_dislikes: 1 });
  });

  it('writes a switch whose like its other request cancelled meanwhile as a first dislike', async () => {
    const post = targets.post();
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    expect(stateOf((await runLikeSteps(t.deps, t.deps.db, [ask(a.id, post, 1)]))[0]!)).toBe(1);
    const answers = await groupWhile((tx) => writeReaction(tx, ask(a.id, post, null), t.clock.now()), [ask(a.id, post, 2), ask(b.id, post, 1)]);

    expect(answers.map(stateOf)).toEqual([2, 1]);
    expect(await countsOf(post)).toEqual({ likes: 1, dislikes: 1, recount_likes: 1, recount_dislikes: 1 });
  });
});
