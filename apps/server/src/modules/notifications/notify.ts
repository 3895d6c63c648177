import { sql, type SQL } from 'drizzle-orm';
import { notificationExcerpt, type NotificationKind } from '@lantern/domain';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { publicAccountJsonSql } from '../accounts/index.ts';
import { liveAppendSql, liveEventsOf, pushLiveEvents, type LiveEvent, type LiveEventRow } from '../live/index.ts';

/**
 * What a producer asks to tell one account (docs/product/messaging.md#who-is-told). `excerpt` and `href` are
 * snapshotted: the centre shows them without reading the producer's tables.
 */
export interface NotifyInput {
  recipientId: number;
  kind: NotificationKind;
  /** Who did it; null for the store itself (a key delivered, a wished game on sale, a reward). */
  actorId: number | null;
  /** What it is about (a review, a post, a headline…); likes of one target collapse while unread. */
  target?: { type: string; id: number } | null;
  /** A short text shown under the sentence (a comment's words, a game's name); cut to its most here. */
  excerpt: string;
  /** Where a click goes, a path of the web (`/posts/12`). */
  href: string;
  /** What happened when the kind alone does not say (operate: `hidden`, `deleted`, `muted`, `approved`, `restored`; headline_auth: `published`, `rejected`). */
  detail?: string | null;
}

/**
 * Whether a recipient must not hear from an actor (they blocked them), as SQL over the recipient's id: a module
 * above this one (people) provides it from its `setup`, so this module never reads its tables, and the check is
 * part of the statement that writes the notification.
 */
export type RecipientFilter = (actorId: number, recipientId: SQL) => SQL;
let recipientFilter: RecipientFilter | null = null;
export function registerRecipientFilter(filter: RecipientFilter): void {
  recipientFilter = filter;
}

/** Likes of one target collapse into one unread notification ("12 people liked your review"). */
const collapseKeyOf = (input: NotifyInput) => (input.kind === 'like' && input.target ? `like:${input.target.type}:${input.target.id}` : null);

/**
 * The inputs a call writes (docs/product/messaging.md#who-is-told): self-actions dropped, one notification per
 * recipient and target (a reply that also @mentions: the reply wins, it came first), recipients in id order so
 * two writers telling the same accounts lock them in the same order.
 */
function wantedOf(list: readonly NotifyInput[]): NotifyInput[] {
  const seen = new Set<string>();
  return list
    .filter((input) => input.actorId === null || input.actorId !== input.recipientId)
    .filter((input) => {
      const key = `${input.recipientId}:${input.target?.type}:${input.target?.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.recipientId - b.recipientId);
}

/** Per actor of the call (usually one), an SQL value over `asked`'s row: the hook people provides is per actor. */
function perActor(actorIds: readonly number[], each: (actorId: number) => SQL, otherwise: SQL): SQL {
  if (actorIds.length === 0) return otherwise;
  return sql`CASE asked.actor_id ${sql.join(actorIds.map((id) => sql`WHEN ${id}::bigint THEN ${each(id)}`), sql` `)} ELSE ${otherwise} END`;
}

/**
 * The one statement that writes a call's notifications, their counters and their live events (decisions/0027,
 * "One statement"). Locks are taken kind by kind, each in recipient order: the notification rows (a like on a
 * target already liked and unread joins that row), then every total (+ the new rows; taken even when a like
 * collapsed, so the event's badge is exact: the total as this notification left it, less the call's later new
 * rows for the same account), then the kinds' counters, then the live streams — each step reads the previous
 * one whole before it writes (an aggregate, or a join with one), so the order holds for
 * any number of recipients. Settings and blocks are checked and the actors' names read in it too.
 */
function notifySql(wanted: readonly NotifyInput[], now: Date): SQL {
  const asked = JSON.stringify(wanted.map((input, ord) => ({
    ord,
    recipient_id: input.recipientId,
    kind: input.kind,
    actor_id: input.actorId,
    target_type: input.target?.type ?? null,
    target_id: input.target?.id ?? null,
    collapse_key: collapseKeyOf(input),
    detail: input.detail ?? null,
    excerpt: notificationExcerpt(input.excerpt),
    href: input.href,
  })));
  const actors = [...new Set(wanted.flatMap((input) => (input.actorId === null ? [] : [input.actorId])))];
  const filter = recipientFilter;
  const blocked = filter ? perActor(actors, (id) => filter(id, sql`asked.recipient_id`), sql`false`) : sql`false`;
  const actorJson = perActor(actors, (id) => sql`(${publicAccountJsonSql(id)})::jsonb`, sql`NULL::jsonb`);
  const at = sql`${now.toISOString()}::timestamptz`;
  const live = liveAppendSql({ from: sql`told`, accountId: sql`told.recipient_id`, type: sql`'notification'`, data: sql`told.data`, order: sql`told.ord` }, now);
  return sql`
    WITH asked AS (
      SELECT * FROM jsonb_to_recordset(${asked}::jsonb) AS asked(ord int, recipient_id bigint, kind text, actor_id bigint, target_type text,
        target_id bigint, collapse_key text, detail text, excerpt text, href text)
    ), allowed AS (
      SELECT asked.*, ${actorJson} AS actor FROM asked
       WHERE NOT EXISTS (SELECT 1 FROM notification_settings s WHERE s.account_id = asked.recipient_id AND asked.kind = ANY(s.disabled_kinds))
         AND NOT (${blocked})
    ), written AS (
      INSERT INTO notifications (recipient_id, kind, actor_id, actor_ids, actor_count, target_type, target_id, collapse_key, detail, excerpt, href, created_at, updated_at)
      SELECT recipient_id, kind, actor_id, CASE WHEN actor_id IS NULL THEN '{}'::bigint[] ELSE ARRAY[actor_id] END, 1,
             target_type, target_id, collapse_key, detail, excerpt, href, ${at}, ${at}
        FROM allowed ORDER BY recipient_id, ord
      ON CONFLICT (recipient_id, collapse_key) WHERE read_at IS NULL AND collapse_key IS NOT NULL DO UPDATE SET
        actor_id = excluded.actor_id,
        actor_ids = CASE WHEN excluded.actor_id = ANY(notifications.actor_ids) THEN notifications.actor_ids ELSE notifications.actor_ids || excluded.actor_id END,
        actor_count = notifications.actor_count + CASE WHEN excluded.actor_id = ANY(notifications.actor_ids) THEN 0 ELSE 1 END,
        excerpt = excluded.excerpt, href = excluded.href, updated_at = excluded.updated_at
      RETURNING id, recipient_id, target_type, target_id, actor_count, (xmax = 0) AS inserted
    ), total AS (
      INSERT INTO notification_unread_totals (account_id, unread)
      SELECT recipient_id, count(*) FILTER (WHERE inserted) FROM written GROUP BY recipient_id ORDER BY recipient_id
      ON CONFLICT (account_id) DO UPDATE SET unread = notification_unread_totals.unread + excluded.unread
      RETURNING account_id, unread
    ), by_kind AS (
      INSERT INTO notification_unread_counts (account_id, kind, unread)
      SELECT a.recipient_id, a.kind, count(*)
        FROM written w JOIN allowed a ON a.recipient_id = w.recipient_id AND a.target_type IS NOT DISTINCT FROM w.target_type AND a.target_id IS NOT DISTINCT FROM w.target_id,
             (SELECT count(*) FROM total) AS totals_done
       WHERE w.inserted GROUP BY a.recipient_id, a.kind ORDER BY a.recipient_id, a.kind
      ON CONFLICT (account_id, kind) DO UPDATE SET unread = notification_unread_counts.unread + excluded.unread
      RETURNING account_id
    ), told AS (
      SELECT a.recipient_id, a.ord,
             jsonb_build_object(
               'id', w.id, 'kind', a.kind, 'detail', a.detail,
               'badges', jsonb_build_object('notifications', t.unread - coalesce(sum(w.inserted::int) OVER (PARTITION BY a.recipient_id ORDER BY a.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)),
               'bar', jsonb_build_object(
                 'kind', a.kind, 'excerpt', a.excerpt, 'href', a.href,
                 'actor', CASE WHEN a.actor IS NULL THEN NULL ELSE jsonb_build_object('id', a.actor->'id', 'nickname', a.actor->'nickname', 'avatar', a.actor->'avatarUrl') END
               ) || CASE WHEN a.kind = 'like' THEN jsonb_build_object('count', w.actor_count) ELSE '{}'::jsonb END
             ) AS data
        FROM written w JOIN allowed a ON a.recipient_id = w.recipient_id AND a.target_type IS NOT DISTINCT FROM w.target_type AND a.target_id IS NOT DISTINCT FROM w.target_id
        JOIN total t ON t.account_id = a.recipient_id,
             (SELECT count(*) FROM by_kind) AS counters_done
    ), ${live.ctes}
    SELECT account_id, seq, type, data, created_at FROM ${live.events}`;
}

/**
 * Writes notifications in the caller's transaction (decisions/0027) and answers the live events to push with
 * `pushLiveEvents` once it has committed (or use `notifyNow`). Self-actions, kinds the recipient turned off
 * and recipients who blocked the actor are skipped. One statement, whatever the number of recipients: the
 * notification rows, the counters and the events (`notifySql`). Call it last in the transaction: the total's
 * row is the account's hot spot, held until commit.
 */
export async function notify(tx: DbOrTx, deps: Pick<Deps, 'clock'>, inputs: NotifyInput | readonly NotifyInput[]): Promise<LiveEvent[]> {
  const wanted = wantedOf((Array.isArray(inputs) ? inputs : [inputs]) as readonly NotifyInput[]);
  if (wanted.length === 0) return [];
  return liveEventsOf(await rowsOf<LiveEventRow>(tx, notifySql(wanted, deps.clock.now())));
}

/**
 * After the producer's own write has committed (a discussion write is one statement, no transaction to join):
 * writes the notifications, their counters and their events in one statement, atomic on its own (no
 * transaction, one round trip), then pushes the events. The producer's row is the truth; a crash between the
 * two loses the notification, never counts it twice (decisions/0027).
 */
export async function notifyNow(deps: Pick<Deps, 'db' | 'clock' | 'kv' | 'log'>, inputs: NotifyInput | readonly NotifyInput[]): Promise<LiveEvent[]> {
  const events = await notify(deps.db, deps, inputs);
  await pushLiveEvents(deps, events);
  return events;
}

/**
 * Runs `work` in a transaction, handing it `tell` to queue notifications; they are written last in that
 * transaction and pushed after it commits (nothing is pushed for one that rolled back).
 */
export async function withNotifications<T>(deps: Pick<Deps, 'db' | 'clock' | 'kv' | 'log'>, work: (tx: DbOrTx, tell: (input: NotifyInput) => void) => Promise<T>): Promise<T> {
  const queued: NotifyInput[] = [];
  const { result, events } = await (deps.db as Db).transaction(async (tx) => {
    const result = await work(tx, (input) => queued.push(input));
    return { result, events: await notify(tx, deps, queued) };
  });
  await pushLiveEvents(deps, events);
  return result;
}
