import autocannon from 'autocannon';
import type { LoadResult } from '../lib.ts';
import { serveLoad } from '../load-process.ts';
import { assertLoopback, rushUntil, warmSessions, type RushAnswers } from './rush.ts';

export type { RushAnswers };

export type FlashLoadInput =
  | { kind: 'claim'; base: string; connections: number; seconds: number }
  | { kind: 'rush'; base: string; connections: number; tokens: string[]; eventId: number; units: number; soldOutSeconds: number; maxSeconds: number };

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
  await warmSessions(input.base, input.tokens, input.connections);
  return rushUntil({
    base: input.base, path: '/api/sec_kill?client=web', body: JSON.stringify({ sec_kill: { id: input.eventId } }),
    tokens: input.tokens, connections: input.connections, units: input.units, afterSeconds: input.soldOutSeconds, maxSeconds: input.maxSeconds,
  });
}

serveLoad<FlashLoadInput, LoadResult | RushAnswers>(async (input) => {
  assertLoopback(input.base);
  return input.kind === 'claim' ? claim(input) : rush(input);
});
