import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOSTS } from './hosts.ts';
import type { TestApp } from './harness.ts';

/** One frame of a Server-Sent Events stream as the browser would see it. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: unknown;
  comment?: string;
  retry?: number;
}

/** Starts the app on a real socket (127.0.0.1, a port the system picks) and answers its port. */
export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

export interface StreamOptions {
  token?: string;
  lastEventId?: string;
  query?: string;
  area?: keyof typeof HOSTS;
}

/**
 * A client of GET /api/live over real HTTP (node:http), reading the stream as it comes: every frame is kept
 * in order, and `until` waits for a condition on them (each new chunk re-checks it), never for a time.
 */
export class SseClient {
  readonly frames: SseFrame[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  body = '';
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private destroy: () => void = () => undefined;

  static open(port: number, options: StreamOptions = {}): Promise<SseClient> {
    return SseClient.read((onResponse) => httpRequest({
      host: '127.0.0.1', port, method: 'GET', path: `/api/live${options.query ?? ''}`,
      headers: {
        host: HOSTS[options.area ?? 'native'],
        accept: 'text/event-stream',
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
      },
    }, onResponse));
  }

  /** Reads the stream of a request made elsewhere (through a proxy, over TLS): `start` sends it and hands its response on. */
  static read(start: (onResponse: (res: IncomingMessage) => void) => ClientRequest): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const req = start((res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.take(chunk));
        res.on('end', () => client.finish());
        res.on('close', () => client.finish());
        res.on('error', () => client.finish());
        resolve(client);
      });
      req.on('error', (error) => (client.status ? client.finish() : reject(error)));
      client.destroy = () => req.destroy();
      req.end();
    });
  }

  /** Events (not heartbeats or retry hints), in order. */
  get events(): SseFrame[] {
    return this.frames.filter((frame) => frame.event !== undefined && frame.event !== 'heartbeat');
  }

  get lastId(): string | undefined {
    return this.events.at(-1)?.id;
  }

  /** Waits until `condition` holds on what arrived (or the stream ended); fails after `limitMs` of real time as a safety net. */
  async until(condition: () => boolean, limitMs = 10_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!condition()) {
      if (this.ended) throw new Error(`stream ended before the condition held; frames: ${JSON.stringify(this.frames).slice(0, 500)}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`condition not met; frames: ${JSON.stringify(this.frames).slice(-500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async untilEnded(limitMs = 10_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!this.ended) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('stream did not end');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.destroy();
    this.finish();
  }

  private take(chunk: string) {
    if (this.status !== 200) this.body += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.frames.push(parseFrame(block));
    }
    this.wake();
  }

  private finish() {
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === '') frame.comment = value;
    else if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'data') {
      // Every message's data names its type (LiveMessage): the frame shows it as the event, as a browser's handler would read it.
      const message = JSON.parse(value) as { type: string; data: unknown };
      frame.event = message.type;
      frame.data = message.data;
    }
    else if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}
