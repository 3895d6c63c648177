import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { rowsOf } from '../platform/db/json-rows.ts';

const ZH = ['冬季特卖开启，本周最值得入手的游戏', '版本更新：新增合作模式与云存档', '独立游戏开发者大会的三个趋势', '专题：十年经典，重温改变类型的游戏', '平台公告：账号安全升级', '灯笼电台：今年最让人惊喜的独立游戏'];
const EN = ['Winter Sale is live: games worth your money', 'Patch notes: co-op mode and cloud saves', 'Three trends from the indie developers conference', 'Feature: ten years of genre-defining games', 'Store notice: account security upgrade', 'Lantern Radio: the surprises of the year'];
const REPLY_ZH = ['写得很好，收藏了', '终于等到这次更新', '求出一期续集', '这个折扣力度可以', '电台主播声音好听'];
const REPLY_EN = ['Great read, saved it', 'Finally, this update', 'Please do a part two', 'That discount is real', 'Loved this episode'];

const array = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((s) => `'${s}'`).join(',')}]`);

/**
 * The benchmark's headlines (bench/headlines.bench.ts; never run by `npm start`): `articles` published articles
 * over the demo's sections, half on each site in its language, by the demo's editors, with the demo's covers;
 * then `replies` comments and replies on them (three in five comments spread over the articles, two in five
 * replies to those), and the articles' comment counters from a recount. INSERT … SELECT in batches.
 */
export async function seedHeadlinesAtScale(deps: Deps, articles = 20_000, replies = 500_000): Promise<{ headlines: number; replies: number }> {
  const [zh, en] = [array(ZH), array(EN)];
  const BATCH = 10_000;
  for (let from = 1; from <= articles; from += BATCH) {
    const to = Math.min(articles, from + BATCH - 1);
    await deps.db.execute(sql`
    WITH s AS (SELECT array_agg(id ORDER BY id) AS ids FROM headline_sections),
    a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE role IN ('editor', 'staff', 'admin')),
    c AS (SELECT coalesce(array_agg(DISTINCT cover_url), ARRAY[NULL::text]) AS urls FROM headlines WHERE cover_url IS NOT NULL)
    INSERT INTO headlines (area, section_id, account_id, title, summary, content_html, cover_url, items, state, published_at)
    SELECT CASE WHEN i % 2 = 0 THEN 'native' ELSE 'abroad' END, s.ids[1 + (i / 2) % array_length(s.ids, 1)], a.ids[1 + i % array_length(a.ids, 1)],
      (CASE WHEN i % 2 = 0 THEN ${zh} ELSE ${en} END)[1 + (i / 2) % 6] || ' #' || i,
      (CASE WHEN i % 2 = 0 THEN ${zh} ELSE ${en} END)[1 + (i / 3) % 6],
      '<p>' || (CASE WHEN i % 2 = 0 THEN ${zh} ELSE ${en} END)[1 + i % 6] || '</p><p>' || (CASE WHEN i % 2 = 0 THEN ${zh} ELSE ${en} END)[1 + (i / 5) % 6] || ' #' || i || '</p>',
      CASE WHEN i % 3 = 0 THEN NULL ELSE c.urls[1 + i % array_length(c.urls, 1)] END, '[]'::jsonb, 'published',
      now() - make_interval(secs => i * 61)
    FROM generate_series(${from}::int, ${to}::int) AS i, s, a, c`);
  }
  const comments = Math.round(replies * 0.6);
  const COMMENT_BATCH = 100_000;
  for (let from = 1; from <= comments; from += COMMENT_BATCH) {
    const to = Math.min(comments, from + COMMENT_BATCH - 1);
    await deps.db.execute(sql`
    WITH h AS (SELECT array_agg(id ORDER BY id) AS ids FROM headlines),
    a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE email LIKE '%member%@lantern.test'),
    picked AS (SELECT i, h.ids[1 + (i::bigint * 7919) % array_length(h.ids, 1)] AS headline_id, a.ids[1 + i % array_length(a.ids, 1)] AS account_id FROM generate_series(${from}::int, ${to}::int) AS i, h, a)
    INSERT INTO discussion_comments (area, target_type, target_id, account_id, content, created_at)
    SELECT x.area, 'Headline', p.headline_id, p.account_id,
      (CASE WHEN x.area = 'native' THEN ${array(REPLY_ZH)} ELSE ${array(REPLY_EN)} END)[1 + p.i % 5] || ' #' || p.i, now() - make_interval(secs => p.i)
    FROM picked p JOIN headlines x ON x.id = p.headline_id`);
  }
  const [range] = await rowsOf<{ low: string; high: string }>(deps.db, sql`SELECT min(id)::text AS low, max(id)::text AS high FROM discussion_comments WHERE parent_id IS NULL AND target_type = 'Headline'`);
  for (let from = 1; from <= replies - comments; from += COMMENT_BATCH) {
    const to = Math.min(replies - comments, from + COMMENT_BATCH - 1);
    await deps.db.execute(sql`
    WITH a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE email LIKE '%member%@lantern.test')
    INSERT INTO discussion_comments (area, target_type, target_id, account_id, parent_id, target_reply_account_ids, content, created_at)
    SELECT c.area, c.target_type, c.target_id, a.ids[1 + (i % array_length(a.ids, 1))], c.id, jsonb_build_array(c.account_id),
      (CASE WHEN c.area = 'native' THEN ${array(REPLY_ZH)} ELSE ${array(REPLY_EN)} END)[1 + (i / 5) % 5] || ' re #' || i, c.created_at + interval '1 minute'
    FROM generate_series(${from}::int, ${to}::int) AS i
    JOIN discussion_comments c ON c.id = ${range!.low}::bigint + (i::bigint * 104729) % (${range!.high}::bigint - ${range!.low}::bigint + 1)
     AND c.parent_id IS NULL AND c.target_type = 'Headline', a`);
  }
  // The articles' comment counts from a recount, in shard 0 (decisions/0015).
  await deps.db.execute(sql`UPDATE discussion_counters SET comments = 0 WHERE target_type = 'Headline' AND comments <> 0`);
  await deps.db.execute(sql`
    INSERT INTO discussion_counters (target_type, target_id, shard, likes, dislikes, comments)
    SELECT target_type, target_id, 0, 0, 0, count(*) FROM discussion_comments WHERE deleted_at IS NULL AND target_type = 'Headline' GROUP BY target_type, target_id
    ON CONFLICT (target_type, target_id, shard) DO UPDATE SET comments = excluded.comments`);
  await deps.db.execute(sql`ANALYZE headlines`);
  await deps.db.execute(sql`ANALYZE discussion_comments`);
  const [counts] = await rowsOf<{ h: number; r: number }>(deps.db, sql`SELECT (SELECT count(*)::int FROM headlines) AS h, (SELECT count(*)::int FROM discussion_comments WHERE target_type = 'Headline') AS r`);
  return { headlines: counts!.h, replies: counts!.r };
}
