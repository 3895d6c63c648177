import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Holds many GET /api/live streams out of the server's process (bench/live.bench.ts), so the server's memory
 * is measured without its clients'. Talks over IPC in three steps: it is sent the streams to open, answers
 * `{ opened }` once every stream has had its `ready`, and on `{ close: true }` closes them and answers when
 * each counted event (data `{ n }`, or a staff broadcast) arrived (wall-clock ms, comparable across processes on one machine).
 */
export interface LiveStreamsInput {
  port: number;
  host: string;
  tokens: string[];
}

/** The number a staff broadcast's arrival is recorded under (its event carries no `n`). */
export const BROADCAST_ARRIVAL = -2;

const wallClock = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

process.once('message', (message) => {
  const { input } = message as { input: LiveStreamsInput };
  const arrivals: Array<[number, number]> = [];
  const closers: Array<() => void> = [];
  let opened = 0;
  let failed = 0;

  const open = (token: string) => new Promise<void>((resolve) => {
    const req = request({
      host: '127.0.0.1', port: input.port, path: '/api/live', agent: false,
      headers: { host: input.host, accept: 'text/event-stream', authorization: `Bearer ${token}` },
    }, (res) => {
      if (res.statusCode !== 200) {
        failed++;
        res.resume();
        return resolve();
      }
      res.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      // A stream the server ended before its `ready` failed (counted, so the holder still answers).
      res.on('close', () => {
        if (ready) return;
        failed++;
        resolve();
      });
      res.on('data', (chunk: string) => {
        const at = wallClock();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const parsed = JSON.parse(data.slice(6)) as { type: string; data: { n?: number } };
          if (parsed.type === 'ready') {
            ready = true;
            opened++;
            resolve();
          } else if (parsed.type === 'broadcast') {
            arrivals.push([BROADCAST_ARRIVAL, at]);
          } else if (typeof parsed.data.n === 'number') {
            arrivals.push([parsed.data.n, at]);
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', () => {
      failed++;
      resolve();
    });
    closers.push(() => req.destroy());
    req.end();
  });

  void (async () => {
    // In batches: thousands of connects at once would overflow the listen backlog.
    for (let i = 0; i < input.tokens.length; i += 200) await Promise.all(input.tokens.slice(i, i + 200).map(open));
    await send({ opened, failed });
    process.once('message', () => {
      for (const close of closers) close();
      void send({ arrivals }).then(() => process.exit(0));
    });
  })();
});
