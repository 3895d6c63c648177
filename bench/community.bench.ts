import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { seedCommentsAtScale, seedCommunityAtScale } from '../apps/server/src/seed/community-scale.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { communityGroups, posts } from '../apps/server/src/modules/community/tables.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { measureReads as measure, startBareServer, type ReadRow } from './lib.ts';

export type CommunityRow = ReadRow;
export interface CommunityBench {
  posts: number;
  groupPosts: number;
  rows: CommunityRow[];
}

/**
 * The community at 500,000 posts and 2,000,000 comments and replies on PostgreSQL: a deep group's list (sticky
 * order) at page 1 and page 50, a post page, a post's first comments, and search in Chinese and English, each
 * at 50 connections against a bare route in the same run — read by guests (the shared cache) and by a
 * signed-in member (built fresh).
 */
export async function communityBench(count = Number(process.env.BENCH_COMMUNITY_POSTS ?? 500_000)): Promise<CommunityBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    await seedIfEmpty(deps);
    await seedCommunityAtScale(deps, count);
    await seedCommentsAtScale(deps, count * 4);
    const total = (await deps.db.$count(posts)) as number;
    const [deep] = await deps.db.select().from(communityGroups).orderBy(asc(communityGroups.id)).limit(1);
    const samplePosts = await deps.db.select({ id: posts.id }).from(posts).where(eq(posts.groupId, deep!.id)).orderBy(sql`random()`).limit(50);

    const app = await buildApp(deps, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bare = await startBareServer();
    const list = (page: number) => `/api/search/posts?group_id=${deep!.id}&per=7&page=${page}`;
    const postPaths = samplePosts.map((p) => `/api/posts/${p.id}`);
    const zh = ['灯塔', '隐藏的宝箱', '新手开荒', '第三章', '全成就'].map((k) => `/api/search/posts?keyword=${encodeURIComponent(k)}`);
    const en = ['lighthouse', 'hidden chest', 'beginner guide', 'chapter three', 'achievement'].map((k) => `/api/search/posts?keyword=${encodeURIComponent(k)}`);
    const firstComments = samplePosts.map((p) => `/api/comments?commentable_type=Post&commentable_id=${p.id}`);
    // A reader signed in: their answers are built fresh (no shared cache), as a member's always are.
    const [reader] = await deps.db.select({ id: accounts.id }).from(accounts).where(sql`${accounts.email} LIKE '%member%@lantern.test'`).orderBy(asc(accounts.id)).limit(1);
    const token = (await startSession(deps, deps.db, reader!.id, 'native')).accessToken;
    const cases: [string, string[]][] = [
      [`GET /api/search/posts group page 1 (${deep!.postsCount} posts in the group)`, [list(1)]],
      ['GET /api/search/posts group page 50', [list(50)]],
      ['GET /api/posts/{id} (50 posts)', postPaths],
      ['GET /api/comments first page of a post (50 posts)', firstComments],
      ['GET /api/search/posts?keyword= (Chinese, 5 keywords)', zh],
      ['GET /api/search/posts?keyword= (English, 5 keywords)', en],
    ];
    await measure('warm-up', bare.url, undefined, 2);
    const baseline = await measure('bare Fastify route', bare.url);
    const rows: CommunityRow[] = [{ ...baseline, ratio: 1 }];
    for (const [reading, as] of [['guest', undefined], ['signed in', token]] as const) {
      for (const [name, paths] of cases) {
        await measure('warm-up', `${base}${paths[0]}`, paths, 2, as);
        const r = await measure(`${name}, ${reading}`, `${base}${paths[0]}`, paths, 10, as);
        rows.push({ ...r, ratio: r.requestsPerSecond / baseline.requestsPerSecond });
      }
    }
    await app.close();
    await bare.close();
    return { posts: total, groupPosts: deep!.postsCount, rows };
  } finally {
    await close();
    await database.drop();
  }
}
