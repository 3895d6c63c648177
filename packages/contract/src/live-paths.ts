/*
 * The live stream's path and its own event types, apart from its schemas: the web's shell opens the stream on
 * every page, and importing these must not bring zod into the first page's JavaScript.
 */

/**
 * GET /api/live: the signed-in account's stream (text/event-stream). Resumes after `Last-Event-ID` (the
 * header, or `last_event_id` in the query for a page that reloaded). Every message is unnamed (so
 * `onmessage` sees all of them) and its data is a `LiveMessage`: `ready` opens a fresh stream with its
 * position, `reset` tells a reader too far behind to refetch its counters and lists, `heartbeat` (no id)
 * comes every LIVE_HEARTBEAT_SECONDS; any other type is a module's event.
 */
export const LIVE_API = { live: '/api/live' } as const;
/** Types the stream itself sends, besides those the modules write. */
export const LIVE_STREAM_EVENTS = { ready: 'ready', reset: 'reset', heartbeat: 'heartbeat' } as const;
