/**
 * Live push (docs/product/messaging.md#live-push): per-account event streams written to the database first,
 * then pushed to every instance (kv pub/sub: Redis, or in-process) and on to the account's open streams
 * (GET /api/live, Server-Sent Events). Uses the accounts module to re-check a stream's session; messages
 * and notifications call it.
 */
import type { ServerModule } from '../../platform/module.ts';
import { pruneLiveEventsJob } from './prune.ts';
import { closeLiveStreams, liveRoutes } from './routes.ts';
import * as tables from './tables.ts';

export { appendLiveEvents, LIVE_CHANNEL, publishLive, pushLiveEvents } from './events.ts';
export { EVERYONE, type LiveEvent, type LiveEventInput } from './event-shape.ts';
export { liveAppendSql, liveEventsOf, type LiveAppendSource, type LiveAppendSql, type LiveEventRow } from './append-sql.ts';
export { closeLiveStreams, liveHubOf } from './routes.ts';
export { pruneLiveEvents } from './prune.ts';

export const liveModule: ServerModule = { name: 'live', routes: liveRoutes, jobs: [pruneLiveEventsJob], tables, drain: closeLiveStreams };
