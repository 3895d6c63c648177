import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { rowsOf } from '../apps/server/src/platform/db/json-rows.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { findDrift, reconcileCounters, registerDiscussionTarget } from '../apps/server/src/modules/discussion/index.ts';
import { profiled, type LoadResult } from './lib.ts';
import { runLoadProcess } from './load-process.ts';
import { traced } from './statement-trace.ts';
import type { AutocannonInput } from './loads/autocannon.ts';
import type { DiscussionOpsInput, DiscussionOpsResult } from './loads/discussion-ops.ts';

const DISCUSSION_OPS = new URL('./loads/discussion-ops.ts', import.meta.url);
const AUTOCANNON_LOAD = new URL('./loads/autocannon.ts', import.meta.url);

const ACCOUNTS = 2_000;
const OPERATIONS = 10_000;
const HOT_POSTS = 5;
const ROUNDS = [50, 200] as const;

export interface DiscussionRound {
  connections: number;
  operations: number;
  seconds: number;
  writesPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  /** Counters minus recount, summed over the round's posts and fields, before any repair. */
  drift: number;
  /** Targets the reconcile job found drifted. */
  repaired: number;
  /** SQL statements the server sent during the round, per operation (notifications and pollers included). */
  statementsPerWrite: number;
  counts: { likes: number; dislikes: number; comments: number };
}

export interface DiscussionBench {
  insert: LoadResult;
  hotRow: LoadResult;
  rounds: DiscussionRound[];
}

/**
 * Discussion counters on PostgreSQL (issue 12, decisions/0015): 10,000 likes, dislikes, cancels, comments,
 * replies and deletes by 2,000 accounts on five hot posts, at 50 and at 200 connections, each round on posts
 * of its own. Reported as writes per second next to two baselines on the same pool in the same run — a bare
 * single-row INSERT, and the design we avoid: one UPDATE of one hot counter row per request — and the drift
 * of the counters against a recount of the reaction and comment rows after each round (must be 0).
 */
export async function discussionBench(): Promise<DiscussionBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent',
    // The counters are measured, not the write pace: 2,000 accounts writing five times a second would be paced.
    // Moderation's other checks (mute, watched words) stay in every write.
    COMMUNITY_WRITE_PACE: 'off' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    // The posts stand in for community's: a table of their own, read by primary key as its loader will.
    await deps.db.execute(sql`CREATE TABLE bench_posts (id bigserial PRIMARY KEY, author_id bigint, area text NOT NULL, locked boolean NOT NULL DEFAULT false)`);
    await deps.db.execute(sql`CREATE TABLE bench_rows (id bigserial PRIMARY KEY, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await deps.db.execute(sql`CREATE TABLE bench_hot (id int PRIMARY KEY, n bigint NOT NULL)`);
    await deps.db.execute(sql`INSERT INTO bench_hot VALUES (1, 0)`);
    const stamp = Date.now();
    const people = await deps.db
      .insert(accounts)
      .values(Array.from({ length: ACCOUNTS }, (_, i) => ({ nickname: `bench_talker_${stamp}_${i}`, email: `talk.${stamp}.${i}@example.com`, homeArea: 'native' as const })))
      .returning({ id: accounts.id });
    const tokens: string[] = [];
    for (const p of people) tokens.push((await startSession(deps, deps.db, p.id, 'native')).accessToken);

    const app = await buildApp(deps, { serveWeb: false });
    // After the app's setup, which registers community's own loader for `Post`: these stand-in posts replace it.
    registerDiscussionTarget('Post', {
      async load(d, ids) {
        const rows = await rowsOf<{ id: string; author_id: string | null; area: 'native' | 'abroad'; locked: boolean }>(d.db,
          sql`SELECT id, author_id, area, locked FROM bench_posts WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
        return new Map(rows.map((r) => [Number(r.id), { authorId: r.author_id === null ? null : Number(r.author_id), area: r.area, locked: r.locked }]));
      },
    });

    app.post('/bench/insert', async () => {
      await deps.db.execute(sql`INSERT INTO bench_rows (note) VALUES ('x')`);
      return { ok: true };
    });
    app.post('/bench/hot', async () => {
      await deps.db.execute(sql`UPDATE bench_hot SET n = n + 1 WHERE id = 1`);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // The baselines' load runs out of the server's process, as the operations' does (bench/load-process.ts).
    const outOfProcess = (name: string, url: string, options: AutocannonInput['options']) => runLoadProcess<AutocannonInput, LoadResult>(AUTOCANNON_LOAD, { name, url, options });
    await outOfProcess('warm-up', `${base}/bench/insert`, { seconds: 2, method: 'POST' });
    const insert = await outOfProcess('bare single-row INSERT (POST)', `${base}/bench/insert`, { method: 'POST', seconds: 5 });
    const hotRow = await outOfProcess('one hot counter row UPDATE (POST)', `${base}/bench/hot`, { method: 'POST', seconds: 5 });

    const rounds: DiscussionRound[] = [];
    for (const connections of ROUNDS) {
      // Each hot post has an author, as a real one does: every like, comment and reply on it tells that author
      // (docs/product/messaging.md#who-is-told), so the authors' notification counters are hot rows too.
      const authors = people.slice(0, HOT_POSTS).map((p) => p.id);
      const posted = await rowsOf<{ id: string }>(deps.db, sql`INSERT INTO bench_posts (area, author_id) SELECT 'native', unnest(${`{${authors.join(',')}}`}::bigint[]) RETURNING id`);
      const posts = posted.map((p) => Number(p.id));
      // The operations are sent from a process of their own, as the baselines' load is.
      const before = traced.count;
      // DISCUSSION_TRACE=1 prints the round's statements by kind (their first 90 characters), most sent first.
      if (process.env.DISCUSSION_TRACE) traced.texts = [];
      const result = await profiled(`discussion-${connections}`, () => runLoadProcess<DiscussionOpsInput, DiscussionOpsResult>(DISCUSSION_OPS, {
        base, connections, operations: OPERATIONS, tokens, posts, stamp, seed: connections,
      }));
      const { seconds, statuses } = result;
      const statementsPerWrite = (traced.count - before) / OPERATIONS;
      if (traced.texts) {
        const kinds = new Map<string, number>();
        for (const text of traced.texts) kinds.set(text.slice(0, 90), (kinds.get(text.slice(0, 90)) ?? 0) + 1);
        console.log(`discussion, ${connections} connections: ${traced.count - before} statements\n${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => `${n}\t${k}`).join('\n')}`);
        traced.texts = null;
      }
      const drift = (await findDrift(deps.db)).filter((d) => posts.includes(d.targetId));
      const repaired = await reconcileCounters(deps);
      const [counts] = await rowsOf<{ likes: number; dislikes: number; comments: number }>(deps.db, sql`
        SELECT coalesce(sum(likes), 0)::int AS likes, coalesce(sum(dislikes), 0)::int AS dislikes, coalesce(sum(comments), 0)::int AS comments
          FROM discussion_counters WHERE target_type = 'Post' AND target_id IN (${sql.join(posts.map((id) => sql`${id}`), sql`, `)})`);
      rounds.push({
        connections, operations: OPERATIONS, seconds: Math.round(seconds * 10) / 10, writesPerSecond: Math.round(OPERATIONS / seconds),
        p50: result.p50, p99: result.p99, statuses,
        drift: drift.reduce((sum, d) => sum + Math.abs(d.likes) + Math.abs(d.dislikes) + Math.abs(d.comments), 0),
        repaired: repaired.length, counts: counts!, statementsPerWrite,
      });
    }
    await app.close();
    return { insert, hotRow, rounds };
  } finally {
    await close();
    await database.drop();
  }
}
