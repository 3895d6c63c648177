import { sql, type SQL } from 'drizzle-orm';
import { notificationExcerpt, type NotificationKind } from '@lantern/domain';
import { isConnectionError, type Db, type DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { PreparedSql, slot } from '../../platform/db/prepared.ts';
import { asError, GroupLanes } from '../../platform/group-lanes.ts';
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
  /** What happened when the kind alone does not say (operate: `hidden`, `deleted`, `muted`, `approved`, `restored`; headline_auth: `published`, `rejected`; activity: `queue_reward`, `lottery_prize`, `red_packet_opened`, `red_packet_shared`). */
  detail?: string | null;
  /**
   * Tells of the same target and detail collapse into one notification while it is unread, counting the distinct
   * actors, as likes do ("Ann and 4 others opened your red packet"; docs/product/messaging.md#red-packet-opened).
   */
  collapse?: boolean;
}

/**
 * Whether a recipient must not hear from an actor (they blocked them), as SQL over the actor's and the
 * recipient's ids (columns of the statement): a module above this one (people) provides it from its `setup`, so
 * this module never reads its tables, and the check is part of the statement that writes the notification.
 */
export type RecipientFilter = (actorId: SQL, recipientId: SQL) => SQL;
let recipientFilter: RecipientFilter | null = null;
/** `notifySql` prepared with the filter registered (built on the first call after a registration). */
let notifyStatement: PreparedSql<{ asked: string; at: Date }> | undefined;
export function registerRecipientFilter(filter: RecipientFilter): void {
  recipientFilter = filter;
  notifyStatement = undefined; // built again, with this filter, on its next run
}

/**
 * Likes of one target collapse into one unread notification ("12 people liked your review"); follows collapse
 * per follower, so following, unfollowing and following again is one unread notification, not one a toggle.
 */
function collapseKeyOf(input: NotifyInput): string | null {
  if (input.kind === 'like' && input.target) return `like:${input.target.type}:${input.target.id}`;
  if (input.kind === 'follow' && input.actorId !== null) return `follow:${input.actorId}`;
  if (input.collapse && input.target) return `${input.kind}:${input.detail ?? ''}:${input.target.type}:${input.target.id}`;
  return null;
}

/**
 * The inputs a call writes (docs/product/messaging.md#who-is-told): self-actions dropped, one notification per
 * recipient and target (a reply that also @mentions: the reply wins, it came first) — per actor too for tells that
 * collapse, which the statement merges into one row counting them (a group of openings of one packet) —
 * recipients in id order so two writers telling the same accounts lock them in the same order.
 */
function wantedOf(list: readonly NotifyInput[]): NotifyInput[] {
  const seen = new Set<string>();
  return list
    .filter((input) => input.actorId === null || input.actorId !== input.recipientId)
    .filter((input) => {
      const key = `${input.recipientId}:${input.target?.type}:${input.target?.id}${input.collapse ? `:${input.actorId}` : ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.recipientId - b.recipientId);
}

/** The calls' notifications as the statement reads them (`asked`): one JSON array, in the order given. */
function askedJson(wanted: readonly NotifyInput[]): string {
  return JSON.stringify(wanted.map((input, ord) => ({
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
}

/**
 * The one statement that writes the notifications of one call or of a group of them (`notifyNow`), their counters
 * and their live events (decisions/0027, "One statement", "Grouped on a hot post"). Likes of one target and
 * recipient are merged into one row first (an upsert may not touch a row twice), and each written row is matched to
 * what was asked by the id the statement gave it, or for a like that joined an unread row by its collapse key. Locks are taken kind by kind, each in recipient order: the notification rows (a like on a
 * target already liked and unread joins that row), then every total (+ the new rows; taken even when a like
 * collapsed, so the event's badge is exact: the total as this notification left it, less the call's later new
 * rows for the same account), then the kinds' counters, then the live streams — each step reads the previous
 * one whole before it writes (an aggregate, or a join with one), so the order holds for
 * any number of recipients. Settings and blocks are checked and the actors' names read in it too. Its text is
 * the same for every call (the calls' notifications are one JSON value, the time another), so it is prepared
 * once: built once here, parsed and planned once per connection (platform/db/prepared.ts) — it runs after
 * every like, comment and reply.
 */
function notifySql(filter: RecipientFilter | null): SQL {
  const blocked = filter ? filter(sql`asked.actor_id`, sql`asked.recipient_id`) : sql`false`;
  const at = sql`${slot('at')}::timestamptz`;
  const live = liveAppendSql({ from: sql`told`, accountId: sql`told.recipient_id`, type: sql`'notification'`, data: sql`told.data`, order: sql`told.ord` }, at);
  return sql`
    WITH asked AS (
      SELECT * FROM jsonb_to_recordset(${slot('asked')}::jsonb) AS asked(ord int, recipient_id bigint, kind text, actor_id bigint, target_type text,
        target_id bigint, collapse_key text, detail text, excerpt text, href text)
    ), allowed AS (
      SELECT asked.*, (${publicAccountJsonSql(sql`asked.actor_id`)})::jsonb AS actor FROM asked
       WHERE NOT EXISTS (SELECT 1 FROM notification_settings s WHERE s.account_id = asked.recipient_id AND asked.kind = ANY(s.disabled_kinds))
         AND NOT (${blocked})
    ), merged AS (
      SELECT nextval(pg_get_serial_sequence('notifications', 'id')) AS new_id, one.* FROM (
        SELECT ord, recipient_id, kind, actor_id, CASE WHEN actor_id IS NULL THEN '{}'::bigint[] ELSE ARRAY[actor_id] END AS actor_ids,
               target_type, target_id, collapse_key, detail, excerpt, href, actor
          FROM allowed WHERE collapse_key IS NULL
        UNION ALL
        SELECT max(ord), recipient_id, min(kind), (array_agg(actor_id ORDER BY ord DESC))[1],
               ARRAY(SELECT x.actor_id FROM allowed x WHERE x.recipient_id = c.recipient_id AND x.collapse_key = c.collapse_key AND x.actor_id IS NOT NULL
                      GROUP BY x.actor_id ORDER BY max(x.ord)),
               min(target_type), min(target_id), collapse_key, min(detail), (array_agg(excerpt ORDER BY ord DESC))[1],
               (array_agg(href ORDER BY ord DESC))[1], (array_agg(actor ORDER BY ord DESC))[1]
          FROM allowed c WHERE collapse_key IS NOT NULL GROUP BY recipient_id, collapse_key
      ) one
    ), written AS (
      INSERT INTO notifications (id, recipient_id, kind, actor_id, actor_ids, actor_count, target_type, target_id, collapse_key, detail, excerpt, href, created_at, updated_at)
      SELECT new_id, recipient_id, kind, actor_id, actor_ids, greatest(cardinality(actor_ids), 1),
             target_type, target_id, collapse_key, detail, excerpt, href, ${at}, ${at}
        FROM merged ORDER BY recipient_id, ord
      ON CONFLICT (recipient_id, collapse_key) WHERE read_at IS NULL AND collapse_key IS NOT NULL DO UPDATE SET
        actor_id = excluded.actor_id,
        actor_ids = notifications.actor_ids || ARRAY(SELECT u.x FROM unnest(excluded.actor_ids) WITH ORDINALITY AS u(x, n) WHERE u.x <> ALL(notifications.actor_ids) ORDER BY u.n),
        actor_count = notifications.actor_count + (SELECT count(*) FROM unnest(excluded.actor_ids) AS u(x) WHERE u.x <> ALL(notifications.actor_ids))::int,
        excerpt = excluded.excerpt, href = excluded.href, updated_at = excluded.updated_at
      RETURNING id, recipient_id, collapse_key, actor_count, (xmax = 0) AS inserted
    ), matched AS (
      -- Each written row with the asked row it came from: a new row by the id given it, a like that joined an
      -- unread one by its collapse key (one merged row per recipient and key).
      SELECT w.id, w.actor_count, w.inserted, m.* FROM written w JOIN merged m
          ON w.id = m.new_id OR (m.collapse_key IS NOT NULL AND w.recipient_id = m.recipient_id AND w.collapse_key = m.collapse_key)
    ), total AS (
      INSERT INTO notification_unread_totals (account_id, unread)
      SELECT recipient_id, count(*) FILTER (WHERE inserted) FROM written GROUP BY recipient_id ORDER BY recipient_id
      ON CONFLICT (account_id) DO UPDATE SET unread = notification_unread_totals.unread + excluded.unread
      RETURNING account_id, unread
    ), by_kind AS (
      INSERT INTO notification_unread_counts (account_id, kind, unread)
      SELECT m.recipient_id, m.kind, count(*) FROM matched m, (SELECT count(*) FROM total) AS totals_done
       WHERE m.inserted GROUP BY m.recipient_id, m.kind ORDER BY m.recipient_id, m.kind
      ON CONFLICT (account_id, kind) DO UPDATE SET unread = notification_unread_counts.unread + excluded.unread
      RETURNING account_id
    ), told AS (
      SELECT m.recipient_id, m.ord,
             jsonb_build_object(
               'id', m.id, 'kind', m.kind, 'detail', m.detail,
               'badges', jsonb_build_object('notifications', t.unread - coalesce(sum(m.inserted::int) OVER (PARTITION BY m.recipient_id ORDER BY m.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)),
               'bar', jsonb_build_object(
                 'kind', m.kind, 'excerpt', m.excerpt, 'href', m.href,
                 'actor', CASE WHEN m.actor IS NULL THEN NULL ELSE jsonb_build_object('id', m.actor->'id', 'nickname', m.actor->'nickname', 'avatar', m.actor->'avatarUrl') END
               ) || CASE WHEN m.collapse_key IS NOT NULL AND m.kind <> 'follow' THEN jsonb_build_object('count', m.actor_count) ELSE '{}'::jsonb END
             ) AS data
        FROM matched m JOIN total t ON t.account_id = m.recipient_id,
             (SELECT count(*) FROM by_kind) AS counters_done
       -- A follow that joined its follower's unread one is nothing new: no event, no bar.
       WHERE m.inserted OR m.kind <> 'follow'
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
  return wanted.length === 0 ? [] : write(tx, deps, wanted);
}

/** Runs `notifySql` on what one or more calls want (each call's list already through `wantedOf`). */
async function write(tx: DbOrTx, deps: Pick<Deps, 'clock'>, wanted: readonly NotifyInput[]): Promise<LiveEvent[]> {
  const filter = recipientFilter;
  notifyStatement ??= new PreparedSql(filter ? 'notifications_notify_filtered' : 'notifications_notify', () => notifySql(filter));
  return liveEventsOf(await notifyStatement.rows<LiveEventRow>(tx, { asked: askedJson(wanted), at: deps.clock.now() }));
}

/**
 * After the producer's own write has committed (a discussion write is one statement, no transaction to join):
 * writes the notifications, their counters and their events in one statement, atomic on its own (no
 * transaction, one round trip), then pushes the events. The producer's row is the truth; a crash between the
 * two loses the notification, never counts it twice (decisions/0027).
 *
 * Calls made while the instance's previous statement runs wait for it and then go as one statement
 * (decisions/0027, "Grouped on a hot post"): a burst of likes on one post becomes one upsert of its author's
 * rows instead of a queue of them, each a commit. Answers the events written for this call's recipients.
 */
export async function notifyNow(deps: NotifyDeps, inputs: NotifyInput | readonly NotifyInput[]): Promise<LiveEvent[]> {
  const wanted = wantedOf((Array.isArray(inputs) ? inputs : [inputs]) as readonly NotifyInput[]);
  if (wanted.length === 0) return [];
  let lane = lanes.get(deps.db);
  if (!lane) lanes.set(deps.db, (lane = new GroupLanes(deps.db, (db, _all, calls) => writeGroup({ ...deps, db }, calls), { lanes: 1, maxGroup: MOST_CALLS_A_STATEMENT })));
  // No account holds a call back: two calls telling the same people are one statement, merged (`notifySql`).
  return lane.submit('all', { accountId: null, wanted });
}

type NotifyDeps = Pick<Deps, 'db' | 'clock' | 'kv' | 'log'>;
interface Call {
  accountId: null;
  wanted: NotifyInput[];
}
/**
 * Per database (one per instance), the platform's group lanes (platform/group-lanes.ts) with one lane: one
 * notify statement in flight, and the calls made meanwhile go together in the next one.
 */
const lanes = new WeakMap<object, GroupLanes<Call, LiveEvent[], 'all'>>();
/** At most this many calls in one statement; a longer queue goes in several, one after another. */
const MOST_CALLS_A_STATEMENT = 64;

/** Writes a group's calls in one statement; one call's notifications must not fail another's: each then goes again on its own. */
async function writeGroup(deps: NotifyDeps, calls: readonly Call[]): Promise<(LiveEvent[] | Error)[]> {
  try {
    return await writeAndPush(deps, calls);
  } catch (error) {
    // A broken connection is the lane's to handle (it fails the group and takes another connection).
    if (isConnectionError(error) || calls.length === 1) throw error;
    const answers: (LiveEvent[] | Error)[] = [];
    for (const call of calls) answers.push(await writeAndPush(deps, [call]).then(([events]) => events!, asError));
    return answers;
  }
}

/** The group's statement, its events pushed, each call answered the events of its own recipients. */
async function writeAndPush(deps: NotifyDeps, calls: readonly Call[]): Promise<LiveEvent[][]> {
  const events = await write(deps.db, deps, calls.flatMap((call) => call.wanted));
  await pushLiveEvents(deps, events);
  return calls.map((call) => {
    const recipients = new Set(call.wanted.map((input) => input.recipientId));
    return events.filter((event) => recipients.has(event.accountId));
  });
}

/**
 * Runs `work` in a transaction, handing it `tell` to queue notifications; they are written last in that
 * transaction and pushed after it commits (nothing is pushed for one that rolled back).
 */
export async function withNotifications<T>(deps: NotifyDeps, work: (tx: DbOrTx, tell: (input: NotifyInput) => void) => Promise<T>): Promise<T> {
  const queued: NotifyInput[] = [];
  const { result, events } = await (deps.db as Db).transaction(async (tx) => {
    const result = await work(tx, (input) => queued.push(input));
    return { result, events: await notify(tx, deps, queued) };
  });
  await pushLiveEvents(deps, events);
  return result;
}
