import { performance } from 'node:perf_hooks';
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
import autocannon from 'autocannon';
import { load, profiled, type LoadResult } from './lib.ts';

/** What one connection's request in flight is, for reading its answer. */
interface OpContext { who: number; name: string; post: number }

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

    await load('warm-up', `${base}/bench/insert`, { seconds: 2, method: 'POST' });
    const insert = await load('bare single-row INSERT (POST)', `${base}/bench/insert`, { method: 'POST', seconds: 5 });
    const hotRow = await load('one hot counter row UPDATE (POST)', `${base}/bench/hot`, { method: 'POST', seconds: 5 });

    const rounds: DiscussionRound[] = [];
    for (const connections of ROUNDS) {
      const posted = await rowsOf<{ id: string }>(deps.db, sql`INSERT INTO bench_posts (area) SELECT 'native' FROM generate_series(1, ${HOT_POSTS}) RETURNING id`);
      const posts = posted.map((p) => Number(p.id));
      // Each account's live comments, so a delete names one of its own, as a user's would.
      const mine = new Map<number, { id: number; post: number }[]>();
      const recent: { id: number; post: number }[] = [];
      const statuses: Record<string, number> = {};
      let seed = connections;
      const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
      const request = (context: OpContext, who: number, name: string, method: 'POST' | 'DELETE', path: string, body?: unknown) => {
        Object.assign(context, { who, name, post: 0 });
        return {
          method, path: `${path}?client=web`,
          headers: { authorization: `Bearer ${tokens[who]!}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        };
      };
      // One operation per request, chosen as the request is sent; the answer is read back in onResponse.
      const setupRequest = (_req: unknown, context: OpContext) => {
        const who = Math.floor(random() * ACCOUNTS);
        const post = posts[Math.floor(random() * posts.length)]!;
        const roll = random();
        if (roll < 0.35) return request(context, who, 'like', 'POST', '/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: random() < 0.75 ? 1 : 2 } });
        if (roll < 0.5) return request(context, who, 'cancel', 'POST', '/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: null } });
        if (roll < 0.7) {
          const sent = request(context, who, 'comment', 'POST', '/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, content: `a comment @bench_talker_${stamp}_${who}` } });
          context.post = post;
          return sent;
        }
        if (roll < 0.85 && recent.length > 0) {
          const parent = recent[Math.floor(random() * recent.length)]!;
          return request(context, who, 'reply', 'POST', '/api/comments', { comment: { commentable_type: 'Post', commentable_id: parent.post, commentary_id: parent.id, content: 'a reply' } });
        }
        const own = mine.get(who)?.pop();
        if (own) return request(context, who, 'delete', 'DELETE', `/api/comments/${own.id}`);
        // Nothing of its own to delete: this account likes instead.
        return request(context, who, 'like', 'POST', '/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: 1 } });
      };
      const onResponse = (status: number, body: string, context: OpContext) => {
        const key = `${context.name} ${status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (context.name === 'comment' && status === 201) {
          const c = { id: (JSON.parse(body) as { comment: { id: number } }).comment.id, post: context.post };
          recent.push(c);
          if (recent.length > 200) recent.shift();
          mine.set(context.who, [...(mine.get(context.who) ?? []), c]);
        }
      };
      const started = performance.now();
      // The same HTTP client as the baselines (autocannon, raw sockets): the load costs the process as little
      // as it does for them, so the ratios compare the routes and not the clients.
      const result = await profiled(`discussion-${connections}`, () => autocannon({
        url: base, connections, amount: OPERATIONS,
        requests: [{ setupRequest: setupRequest as never, onResponse: onResponse as never }],
      }));
      const seconds = (performance.now() - started) / 1000;
      const drift = (await findDrift(deps.db)).filter((d) => posts.includes(d.targetId));
      const repaired = await reconcileCounters(deps);
      const [counts] = await rowsOf<{ likes: number; dislikes: number; comments: number }>(deps.db, sql`
        SELECT coalesce(sum(likes), 0)::int AS likes, coalesce(sum(dislikes), 0)::int AS dislikes, coalesce(sum(comments), 0)::int AS comments
          FROM discussion_counters WHERE target_type = 'Post' AND target_id IN (${sql.join(posts.map((id) => sql`${id}`), sql`, `)})`);
      rounds.push({
        connections, operations: OPERATIONS, seconds: Math.round(seconds * 10) / 10, writesPerSecond: Math.round(OPERATIONS / seconds),
        p50: result.latency.p50, p99: result.latency.p99, statuses,
        drift: drift.reduce((sum, d) => sum + Math.abs(d.likes) + Math.abs(d.dislikes) + Math.abs(d.comments), 0),
        repaired: repaired.length, counts: counts!,
      });
    }
    await app.close();
    return { insert, hotRow, rounds };
  } finally {
    await close();
    await database.drop();
  }
}
