import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { rowsOf } from '../platform/db/json-rows.ts';
import { recountGroupCounters } from '../modules/community/index.ts';

const ZH = ['新手开荒攻略，先把主线推进到第一个据点', '隐藏的宝箱在灯塔后面的悬崖下', '这个boss的第二阶段要留好闪避', '优化不错，老笔记本也能稳定六十帧', '剧情出乎意料地动人，结尾让我愣了好一会儿', '联机和朋友一起玩非常欢乐', '前期节奏有点慢，过了第三章才好玩', '求推荐和这个类似的游戏', '终于全成就了，纪念一下', '地图设计很巧妙，探索的奖励给得很足', '中文翻译有几处别扭，希望修正', '手柄玩比键鼠舒服很多'];
const EN = ['Beginner guide: push the main quest to the first hub', 'The hidden chest sits below the cliff behind the lighthouse', 'Keep your dodge for the second phase of this boss', 'Runs at a steady sixty fps on my old laptop', 'The story hit harder than I expected', 'Co-op with friends is an absolute blast', 'The first hours drag, it clicks after chapter three', 'Recommend me something similar please', 'Finally got every achievement', 'Clever level design and exploring is always rewarded', 'The translation is rough in places', 'Controller feels much better than mouse and keyboard'];

/**
 * The benchmark's community (bench/community.bench.ts; never run by `npm start`): `count` published posts and
 * reviews over the demo's groups — a fifth of them in the first group, so one group's list is deep — written
 * by the demo's community members, in Chinese and English, a few pinned, in INSERT … SELECT batches. Reviews are
 * kept to one per account and group by the unique key, so most rows are posts. Counters are recounted after.
 */
export async function seedCommunityAtScale(deps: Deps, count = 500_000): Promise<{ posts: number }> {
  const zh = sql.raw(`ARRAY[${ZH.map((s) => `'${s}'`).join(',')}]`);
  const en = sql.raw(`ARRAY[${EN.map((s) => `'${s}'`).join(',')}]`);
  // In batches: one statement of 500,000 rows (and their trigram entries) would outlast the statement timeout.
  const BATCH = 20_000;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await deps.db.execute(sql`
    WITH g AS (SELECT array_agg(id ORDER BY id) AS ids FROM community_groups),
    a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE email LIKE '%member%@lantern.test'),
    rows AS (
      SELECT i, (i % 2 = 0) AS zh,
        CASE WHEN i % 5 = 0 THEN g.ids[1] ELSE g.ids[1 + (i % array_length(g.ids, 1))] END AS group_id,
        a.ids[1 + (i % array_length(a.ids, 1))] AS account_id,
        now() - make_interval(secs => i * 37) AS at
      FROM generate_series(${from}::int, ${to}::int) AS i, g, a
    )
    INSERT INTO posts (group_id, account_id, type, status, is_long, area, title, content_html, plain_text, search_text, sticky_sequence, created_at, updated_at, published_at)
    SELECT group_id, account_id, 'Post', 'published', (i % 4 = 0), CASE WHEN zh THEN 'native' ELSE 'abroad' END,
      CASE WHEN i % 4 = 0 THEN (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + (i / 7) % 12] ELSE '' END,
      '<p>' || (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + i % 12] || ' ' || (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + (i / 3) % 12] || ' #' || i || '</p>',
      (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + i % 12] || ' ' || (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + (i / 3) % 12] || ' #' || i,
      lower(CASE WHEN i % 4 = 0 THEN (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + (i / 7) % 12] ELSE '' END || ' ' || (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + i % 12] || ' ' || (CASE WHEN zh THEN ${zh} ELSE ${en} END)[1 + (i / 3) % 12] || ' #' || i),
      CASE WHEN i % 50000 = 0 THEN 1 + (i / 50000) % 3 ELSE 0 END,
      at, at, at
    FROM rows`);
  }
  await deps.db.execute(sql`ANALYZE posts`);
  await recountGroupCounters(deps);
  return { posts: count };
}

const COMMENT_ZH = ['同意，第二阶段确实要留闪避', '感谢分享，收藏了', '宝箱我也找了好久', '求组队，周末晚上在线', '这个攻略太有用了'];
const COMMENT_EN = ['Agreed, keep the dodge for phase two', 'Thanks for sharing, saved it', 'Took me ages to find that chest too', 'Anyone up for co-op this weekend?', 'This guide is gold'];

/**
 * The benchmark's discussion under those posts (never run by `npm start`): `count` comments and replies, three
 * in five comments spread evenly over the posts and two in five replies to them (on the same post), by the
 * demo's community members, then the posts' comment counters written from a recount.
 */
export async function seedCommentsAtScale(deps: Deps, count = 2_000_000): Promise<{ comments: number }> {
  const zh = sql.raw(`ARRAY[${COMMENT_ZH.map((s) => `'${s}'`).join(',')}]`);
  const en = sql.raw(`ARRAY[${COMMENT_EN.map((s) => `'${s}'`).join(',')}]`);
  const comments = Math.round(count * 0.6);
  const BATCH = 100_000;
  for (let from = 1; from <= comments; from += BATCH) {
    const to = Math.min(comments, from + BATCH - 1);
    await deps.db.execute(sql`
    WITH p AS (SELECT min(id) AS low, max(id) - min(id) + 1 AS span FROM posts),
    a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE email LIKE '%member%@lantern.test')
    INSERT INTO discussion_comments (area, target_type, target_id, account_id, content, created_at)
    SELECT CASE WHEN i % 2 = 0 THEN 'native' ELSE 'abroad' END, 'Post', p.low + (i::bigint * 7919) % p.span,
      a.ids[1 + (i % array_length(a.ids, 1))],
      (CASE WHEN i % 2 = 0 THEN ${zh} ELSE ${en} END)[1 + i % 5] || ' #' || i, now() - make_interval(secs => i)
    FROM generate_series(${from}::int, ${to}::int) AS i, p, a`);
  }
  const [range] = await rowsOf<{ low: string; high: string }>(deps.db, sql`SELECT min(id)::text AS low, max(id)::text AS high FROM discussion_comments WHERE parent_id IS NULL`);
  const replies = count - comments;
  for (let from = 1; from <= replies; from += BATCH) {
    const to = Math.min(replies, from + BATCH - 1);
    await deps.db.execute(sql`
    WITH a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE email LIKE '%member%@lantern.test')
    INSERT INTO discussion_comments (area, target_type, target_id, account_id, parent_id, target_reply_account_ids, content, created_at)
    SELECT c.area, c.target_type, c.target_id, a.ids[1 + (i % array_length(a.ids, 1))], c.id, jsonb_build_array(c.account_id),
      (CASE WHEN c.area = 'native' THEN ${zh} ELSE ${en} END)[1 + (i / 5) % 5] || ' re #' || i, c.created_at + interval '1 minute'
    FROM generate_series(${from}::int, ${to}::int) AS i
    JOIN discussion_comments c ON c.id = ${range!.low}::bigint + (i::bigint * 104729) % (${range!.high}::bigint - ${range!.low}::bigint + 1) AND c.parent_id IS NULL, a`);
  }
  // Comment counts from a recount, kept in shard 0 (the other shards' comment counts cleared, likes kept).
  await deps.db.execute(sql`UPDATE discussion_counters SET comments = 0 WHERE comments <> 0`);
  await deps.db.execute(sql`
    INSERT INTO discussion_counters (target_type, target_id, shard, likes, dislikes, comments)
    SELECT target_type, target_id, 0, 0, 0, count(*) FROM discussion_comments WHERE deleted_at IS NULL GROUP BY target_type, target_id
    ON CONFLICT (target_type, target_id, shard) DO UPDATE SET comments = excluded.comments`);
  await deps.db.execute(sql`ANALYZE discussion_comments`);
  return { comments: count };
}
