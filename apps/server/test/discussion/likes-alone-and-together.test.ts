import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PEOPLE_API } from '@lantern/contract';
import { useTestApp } from '../support/test-app.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { FakeTargets, rng } from '../support/discussion-support.ts';
import { rowsOf } from '../../src/platform/db/json-rows.ts';
import { logStatements } from '../support/statement-counter.ts';

/**
 * A like is written once, as ordered steps run for one like alone or for the likes of one target asked for at the
 * same moment (modules/discussion/like-steps.ts). Property: seeded random mixes of likers give each liker the same
 * answer and leave the same rows — reactions, counts, the author's notification — whether they like one at a time
 * or all at once, and both are the answers the product rules give (docs/product/community.md#likes), so breaking
 * a rule in its one place fails here whichever way it is run. The write pace is on, as in production.
 */
const { t, api } = useTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });
const targets = new FakeTargets();
beforeAll(() => targets.install());

/** Who a liker is, and what they ask for. */
const KINDS = ['like', 'dislike', 'own post', 'blocked by the author', 'muted', 'already liked', 'unlike', 'switch to a like', 'cancel with none', 'hidden post', 'other site'] as const;
type Kind = (typeof KINDS)[number];

/**
 * The answer the product gives each kind (status, the error or the state after), and whether the author's like
 * notification names them (the likers who liked before they asked were named then).
 */
const EXPECTED: Record<Kind, { status: number; answer: unknown; tells: boolean }> = {
  like: { status: 200, answer: 1, tells: true },
  dislike: { status: 200, answer: 2, tells: false },
  'own post': { status: 200, answer: 1, tells: false },
  'blocked by the author': { status: 200, answer: 1, tells: false },
  muted: { status: 200, answer: 1, tells: true }, // likes stay open to the muted
  'already liked': { status: 400, answer: { account_id: ['taken'] }, tells: true },
  unlike: { status: 200, answer: null, tells: true }, // a cancel takes nothing back from the author
  'switch to a like': { status: 200, answer: 1, tells: true },
  'cancel with none': { status: 200, answer: null, tells: false },
  'hidden post': { status: 404, answer: { accessible_id: ['not_found'] }, tells: false },
  'other site': { status: 404, answer: { accessible_id: ['not_found'] }, tells: false },
};

interface World {
  post: number;
  author: { id: number; token: string };
  likers: { kind: Kind; id: number; token: string; target: number; wanted: 1 | 2 | null }[];
}

/** A fresh post by a fresh author, and a liker of each kind given, set up one by one before anyone asks. */
async function world(kinds: readonly Kind[]): Promise<World> {
  const author = await makeAccount(t);
  const post = targets.post({ authorId: author.id });
  const hidden = post + 1_000_000_000; // never registered: a target gone or hidden looks the same
  const elsewhere = targets.post({ authorId: author.id, area: 'abroad' });
  const likers: World['likers'] = [];
  for (const kind of kinds) {
    const who = kind === 'own post' ? author : await makeAccount(t);
    const target = kind === 'hidden post' ? hidden : kind === 'other site' ? elsewhere : post;
    const wanted = kind === 'dislike' ? 2 : kind === 'unlike' || kind === 'cancel with none' ? null : 1;
    if (kind === 'muted') await updateAccount(t, who.id, { mutedUntil: new Date(t.clock.now().getTime() + 86_400_000) });
    if (kind === 'blocked by the author') expect((await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: who.id }, { token: author.token })).statusCode).toBe(200);
    const before = kind === 'already liked' || kind === 'unlike' ? 1 : kind === 'switch to a like' ? 2 : undefined;
    if (before) expect((await like(who.token, post, before)).statusCode).toBe(200);
    likers.push({ kind, id: who.id, token: who.token, target, wanted });
  }
  return { post, author, likers };
}

const like = (token: string, post: number, type: 1 | 2 | null) =>
  api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: post, type } }, { token });

/** Each liker's answer: its status and its state after, or its errors. */
const answerOf = (res: Awaited<ReturnType<typeof like>>) => ({ status: res.statusCode, answer: res.statusCode === 200 ? res.json().like.like_type : res.json().errors });

/** What the likes left: each liker's reaction, the post's counts, and who the author's like notification names. */
async function rowsAfter(w: World) {
  const reactions = await rowsOf<{ account_id: string | number; state: number }>(t.deps.db, sql`
    SELECT account_id, state FROM discussion_reactions WHERE target_type = 'Post' AND target_id = ${w.post}`);
  const stateOf = new Map(reactions.map((r) => [Number(r.account_id), r.state]));
  const [counts] = await rowsOf<{ likes: number; dislikes: number }>(t.deps.db, sql`
    SELECT coalesce(sum(likes), 0)::int AS likes, coalesce(sum(dislikes), 0)::int AS dislikes FROM discussion_counters WHERE target_type = 'Post' AND target_id = ${w.post}`);
  const told = await rowsOf<{ actor_ids: (string | number)[]; actor_count: number }>(t.deps.db, sql`
    SELECT actor_ids, actor_count FROM notifications WHERE recipient_id = ${w.author.id} AND kind = 'like' AND target_id = ${w.post}`);
  const toldIds = new Set(told.flatMap((n) => n.actor_ids.map(Number)));
  return {
    reactions: w.likers.map((l) => stateOf.get(l.id) ?? null),
    counts,
    told: w.likers.map((l) => toldIds.has(l.id)),
    notifications: told.length,
  };
}

describe('a like, alone or together', () => {
  it.each([11, 2024, 77_777])('gives every liker of a random mix (seed %i) the same answer and leaves the same rows', async (seed) => {
    const random = rng(seed);
    // Every kind once, so every rule is met in every mix, and a few more at random, in a random order.
    const kinds = [...KINDS, ...Array.from({ length: 4 }, () => KINDS[Math.floor(random() * KINDS.length)]!)]
      .map((kind) => ({ kind, order: random() })).sort((a, b) => a.order - b.order).map(({ kind }) => kind);
    // At most one liker is the author (their own post).
    const mix = kinds.filter((kind, i) => kind !== 'own post' || kinds.indexOf('own post') === i);

    const alone = await world(mix);
    const aloneAnswers = [];
    for (const l of alone.likers) aloneAnswers.push(answerOf(await like(l.token, l.target, l.wanted)));

    const together = await world(mix);
    const log = logStatements(t.database);
    const { result: burst, statements } = await log.during(() => Promise.all(together.likers.map((l) => like(l.token, l.target, l.wanted))));
    log.stop();
    const togetherAnswers = burst.map(answerOf);
    // The likers of the post who reach the write went in groups (as many as the burst's arrivals made): each
    // group's writes in one statement, with no transaction around it.
    const writers = mix.filter((kind) => kind !== 'hidden post' && kind !== 'other site').length;
    const groupStatements = statements.filter((s) => s.includes('asked(ord int, account_id bigint, wanted int'));
    if (writers >= 2) expect(groupStatements.length, statements.join('\n')).toBeGreaterThan(0);
    expect(statements.filter((s) => /^(begin|commit)/i.test(s)), statements.join('\n')).toEqual([]);

    const expected = mix.map((kind) => ({ status: EXPECTED[kind].status, answer: EXPECTED[kind].answer }));
    expect(aloneAnswers, `alone, ${mix.join(', ')}`).toEqual(expected);
    expect(togetherAnswers, `together, ${mix.join(', ')}`).toEqual(expected);

    const [rowsAlone, rowsTogether] = [await rowsAfter(alone), await rowsAfter(together)];
    expect(rowsTogether).toEqual(rowsAlone);
    expect(rowsAlone.told).toEqual(mix.map((kind) => EXPECTED[kind].tells));
    expect(rowsAlone.notifications).toBe(mix.some((kind) => EXPECTED[kind].tells) ? 1 : 0);
  });
});
