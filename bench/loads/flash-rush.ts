import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { LoadResult } from '../lib.ts';
import { serveLoad } from '../load-process.ts';

export type FlashLoadInput =
  | { kind: 'claim'; base: string; connections: number; seconds: number }
  | { kind: 'rush'; base: string; connections: number; tokens: string[]; eventId: number; units: number; soldOutSeconds: number; maxSeconds: number };

/** Every answer of the rush: when (ms from the start), what (`ok` or `field:reason`), and how long it took. */
export interface RushAnswers {
  at: number[];
  reason: string[];
  ms: number[];
}

const reasonOf = (status: number, body: string) => {
  if (status === 201) return 'ok';
  const match = /"errors":\{"([a-z_]+)":\["([a-z_]+)"/.exec(body);
  return match ? `${match[1]}:${match[2]}` : `http ${status}`;
};

function assertLoopback(base: string) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(base)) throw new Error('benchmarks target loopback addresses only');
}

/** The bare claim: every connection posts the baseline route again as soon as it is answered. */
async function claim(input: Extract<FlashLoadInput, { kind: 'claim' }>): Promise<LoadResult> {
  const run = await autocannon({ url: `${input.base}/bench/claim`, method: 'POST', connections: input.connections, duration: input.seconds });
  return {
    name: 'bare claim (FOR UPDATE SKIP LOCKED + INSERT)', requestsPerSecond: Math.round(run.requests.average),
    p50: run.latency.p50, p99: run.latency.p99, errors: run.errors, non2xx: run.non2xx,
  };
}

/**
 * The rush: each buyer, signed in a moment before, on its own keep-alive connection posts `POST
 * /api/sec_kill` again as soon as it is answered, until `units` purchases were answered and `soldOutSeconds`
 * more (at most `maxSeconds`).
 */
async function rush(input: Extract<FlashLoadInput, { kind: 'rush' }>): Promise<RushAnswers> {
  // The buyers are on the page before the opening: each has loaded its account (GET /api/me) a moment
  // before, as the store's pages do, so the rush starts with their sessions known to the server.
  let warmToken = 0;
  await autocannon({
    url: `${input.base}/api/me`, connections: input.connections, amount: input.connections,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${input.tokens[warmToken++ % input.tokens.length]}` }),
  });
  const answers: RushAnswers = { at: [], reason: [], ms: [] };
  const started = performance.now();
  let sold = 0;
  let stopping = false;
  let nextToken = 0;
  const instance = autocannon({
    url: `${input.base}/api/sec_kill?client=web`, method: 'POST', connections: input.connections, duration: input.maxSeconds,
    body: JSON.stringify({ sec_kill: { id: input.eventId } }),
    setupClient(client) {
      client.setHeaders({ authorization: `Bearer ${input.tokens[nextToken++ % input.tokens.length]}`, 'content-type': 'application/json' });
      let body = '';
      client.on('body', (chunk: Buffer) => (body = chunk.toString('utf8')));
      client.on('response', (status: number, _bytes: number, ms: number) => {
        const reason = reasonOf(status, body);
        answers.at.push(performance.now() - started);
        answers.reason.push(reason);
        answers.ms.push(ms);
        body = '';
        if (reason === 'ok' && ++sold === input.units && !stopping) {
          stopping = true;
          setTimeout(() => instance.stop(), input.soldOutSeconds * 1000);
        }
      });
    },
  }, () => {});
  await new Promise((resolve) => instance.on('done', resolve));
  return answers;
}

serveLoad<FlashLoadInput, LoadResult | RushAnswers>(async (input) => {
  assertLoopback(input.base);
  return input.kind === 'claim' ? claim(input) : rush(input);
});
