import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COOKIES, LIVE_API } from '@lantern/contract';
import { LIVE_HEARTBEAT_SECONDS, LIVE_RETRY_MS, LIVE_SEND_BUFFER_MAX_BYTES, parseLiveEventId } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { authenticate } from '../accounts/index.ts';
import { LiveConnection, type LiveSink } from './connection.ts';
import { LiveHub } from './hub.ts';
import { streamSlots } from './stream-slots.ts';
import { databaseReader } from './reads.ts';

const tags = ['live'];
const liveQuery = z.object({ last_event_id: z.string().max(40).optional() });

/** The hub of each app instance (a process may hold several in tests), so tests can beat its heartbeats and shutdown can end its streams. */
const hubs = new Map<Deps, LiveHub>();

export function liveHubOf(deps: Deps): LiveHub | undefined {
  return hubs.get(deps);
}

/** Ends every open stream of every instance in this process (the module's drain, on shutdown). */
export async function closeLiveStreams(): Promise<void> {
  await Promise.all([...hubs.values()].map((hub) => hub.close()));
}

/**
 * GET /api/live (docs/product/messaging.md#live-push): Server-Sent Events for the signed-in account. The
 * answer is written straight to the socket (the reply is hijacked): nothing compresses or buffers it, and
 * the stream can be closed when its client reads too slowly.
 */
export const liveRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const hub = new LiveHub(deps);
  // The cap on an account's streams, across every instance with Redis (stream-slots.ts).
  const slots = streamSlots(deps, (accountId) => hub.countOf(accountId));
  hub.onBeat = (connection) => slots.renew(connection.accountId, connection.streamId);
  await hub.start();
  hubs.set(deps, hub);
  const stopCounting = deps.metrics.provideLiveStreams(() => hub.openStreams);
  // Before the server stops accepting: open streams would otherwise hold its close forever.
  app.addHook('preClose', async () => {
    stopCounting();
    await hub.close();
    hubs.delete(deps);
  });
  const reader = databaseReader(deps.db);

  app.get(LIVE_API.live, { schema: { tags, querystring: liveQuery } }, async (request, reply) => {
    const auth = requireAuth(request);
    const streamId = randomUUID();
    if (!(await slots.acquire(auth.accountId, streamId))) throw fail.tooMany('too_many', LIVE_HEARTBEAT_SECONDS);
    const area = request.site.area;
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const token = bearer ?? request.cookies[COOKIES.access(area)] ?? '';
    const header = request.headers['last-event-id'];
    const resume = parseLiveEventId(typeof header === 'string' ? header : request.query.last_event_id);

    reply.hijack();
    const res = reply.raw;
    // The security headers every answer carries (set on the reply by their hook), then the stream's own.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    res.write(`retry: ${LIVE_RETRY_MS}\n\n`);

    const sessionHolds = async () => (await authenticate(deps, token, area))?.accountId === auth.accountId;
    const sink = responseSink(res);
    const connection: LiveConnection = new LiveConnection(auth.accountId, {
      write: sink.write,
      close() {
        sink.close();
        // Now, not when the socket closes: a client that stopped reading may never let it close cleanly.
        hub.remove(connection);
      },
    }, reader, sessionHolds);
    connection.streamId = streamId;
    hub.add(connection);
    res.on('close', () => {
      connection.close();
      hub.remove(connection);
      // The lease goes with the stream (twice is harmless); one of a dead instance lapses by itself.
      void slots.release(auth.accountId, streamId);
    });
    await connection.start(resume);
  });
};

function responseSink(res: ServerResponse): LiveSink {
  return {
    write(frame) {
      if (res.destroyed || res.writableEnded) return false;
      res.write(frame);
      // A client that stopped reading: its frames pile up in memory. Past the bound, it resumes on reconnect.
      return res.writableLength <= LIVE_SEND_BUFFER_MAX_BYTES;
    },
    close() {
      // A client far behind would keep an ended response (and its backlog) until it read it all: drop it.
      if (res.writableLength > LIVE_SEND_BUFFER_MAX_BYTES) res.destroy();
      else if (!res.writableEnded) res.end();
    },
  };
}
