import { performance } from 'node:perf_hooks';
import type { LoadResult } from '../lib.ts';
import { percentile } from '../lib.ts';
import { serveLoad } from '../load-process.ts';
import { jsonClient } from './http-json.ts';

export interface RepeatInput {
  name: string;
  base: string;
  method: string;
  path: string;
  body?: unknown;
  connections: number;
  seconds: number;
}

/**
 * A closed-loop baseline out of the server's process: `connections` clients each send the same request
 * again as soon as the last one is answered, for `seconds`, with the keep-alive JSON client the measured
 * work uses (loads/http-json.ts), so a ratio compares the server's work and not two clients.
 */
serveLoad<RepeatInput, LoadResult>(async (input) => {
  const client = jsonClient(input.base, input.connections);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const until = started + input.seconds * 1000;
  await Promise.all(Array.from({ length: input.connections }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        const answer = await client.request(input.method, input.path, input.body);
        if (answer.status < 200 || answer.status > 299) non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  const elapsedSeconds = (performance.now() - started) / 1000;
  client.close();
  latencies.sort((a, b) => a - b);
  return {
    name: input.name,
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    non2xx,
  };
});
