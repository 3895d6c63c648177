import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { rowsOf } from '../platform/db/json-rows.ts';

const ZH = ['今晚一起开黑吗', '刚通关，结局太震撼了', '这周的特卖真香', '新版本的平衡性不错', '求推荐好玩的独立游戏'];
const EN = ['Anyone up for co-op tonight?', 'Just finished it, what an ending', 'This week\'s sale is great', 'The new patch feels balanced', 'Recommend me an indie game'];

const array = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * The benchmark's talks (bench/talks.bench.ts; never run by `npm start`): `authors` accounts of their own writing
 * `count` talks between them over the last months, in both languages, and one reader following `following` of
 * those authors (the people module's follows). Answers the reader's id. INSERT … SELECT in batches.
 */
export async function seedTalksAtScale(deps: Deps, count = 1_000_000, authors = 5_000, following = 500): Promise<{ talks: number; readerId: number }> {
  await deps.db.execute(sql`
    INSERT INTO accounts (email, nickname, home_area, region, created_at, updated_at)
    SELECT 'talker' || i || '@bench.lantern.test', 'talker_' || i, CASE WHEN i % 2 = 0 THEN 'native' ELSE 'abroad' END,
      CASE WHEN i % 2 = 0 THEN 'cn' ELSE 'global' END, now(), now()
    FROM generate_series(1, ${authors}::int) AS i`);
  const BATCH = 100_000;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await deps.db.execute(sql`
    WITH a AS (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE email LIKE 'talker%@bench.lantern.test')
    INSERT INTO talks (account_id, area, content, created_at)
    SELECT a.ids[1 + (i::bigint * 7919) % array_length(a.ids, 1)], CASE WHEN i % 2 = 0 THEN 'native' ELSE 'abroad' END,
      '<p>' || (CASE WHEN i % 2 = 0 THEN ${array(ZH)} ELSE ${array(EN)} END)[1 + i % 5] || ' #' || i || '</p>',
      now() - make_interval(secs => (${count}::int - i) * 7)
    FROM generate_series(${from}::int, ${to}::int) AS i, a`);
  }
  const [reader] = await rowsOf<{ id: number }>(deps.db, sql`
    INSERT INTO accounts (email, nickname, home_area, region, created_at, updated_at)
    VALUES ('reader@bench.lantern.test', 'bench_reader', 'native', 'cn', now(), now()) RETURNING id`);
  await deps.db.execute(sql`
    INSERT INTO people_follows (follower_id, followee_id, created_at)
    SELECT ${reader!.id}::bigint, id, now() FROM accounts WHERE email LIKE 'talker%@bench.lantern.test' ORDER BY id LIMIT ${following}::int`);
  await deps.db.execute(sql`ANALYZE talks`);
  await deps.db.execute(sql`ANALYZE people_follows`);
  const [counted] = await rowsOf<{ n: number }>(deps.db, sql`SELECT count(*)::int AS n FROM talks`);
  return { talks: counted!.n, readerId: Number(reader!.id) };
}
