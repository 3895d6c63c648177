import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * Every answer of a rush: when (ms from the start), what (`ok` or `field:reason`), and how long it took; when it
 * started (epoch ms, the machine's clock, as the server's rows are stamped), and the requests the client gave up
 * on (autocannon's timeout: no answer recorded, though the server may still have done the work).
 */
export interface RushAnswers {
  at: number[];
  reason: string[];
  ms: number[];
  startedAtMs: number;
  timeouts: number;
}

/** `ok` for a 201, else the first `field:reason` of the store's error answer, else the status. */
export const reasonOf = (status: number, body: string) => {
  if (status === 201) return 'ok';
  const match = /"errors":\{"([a-z_]+)":\["([a-z_]+)"/.exec(body);
  return match ? `${match[1]}:${match[2]}` : `http ${status}`;
};

export function assertLoopback(base: string) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(base)) throw new Error('benchmarks target loopback addresses only');
}

/**
 * The accounts are on the page before the rush: each loads its account (GET /api/me) a moment before, as the
 * store's pages do, so the rush starts with their sessions known to the server.
 */
export async function warmSessions(base: string, tokens: readonly string[], connections: number): Promise<void> {
  let next = 0;
  await autocannon({
    url: `${base}/api/me`, connections, amount: connections,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
  });
}

export interface RushOptions {
  base: string;
  /** Where every request goes, unless `pathFor` names each one. */
  path: string;
  /** The n-th request of the client-th connection goes here (several items shared across the accounts). */
  pathFor?: (client: number, n: number) => string;
  body?: string;
  tokens: readonly string[];
  connections: number;
  /** Stop `afterSeconds` after this many `ok` answers (at most `maxSeconds` in all). */
  units: number;
  afterSeconds: number;
  maxSeconds: number;
}

/**
 * A rush: each account on its own keep-alive connection posts again as soon as it is answered, until `units`
 * answers were `ok` and `afterSeconds` more, recording every answer (flash sales, lottery draws, red packets).
 */
export async function rushUntil(options: RushOptions): Promise<RushAnswers> {
  assertLoopback(options.base);
  const answers: RushAnswers = { at: [], reason: [], ms: [], startedAtMs: Date.now(), timeouts: 0 };
  const started = performance.now();
  let succeeded = 0;
  let stopping = false;
  let nextClient = 0;
  const instance = autocannon({
    url: `${options.base}${options.path}`, method: 'POST', connections: options.connections, duration: options.maxSeconds,
    ...(options.body !== undefined && { body: options.body }),
    setupClient(client) {
      const me = nextClient++;
      client.setHeaders({ authorization: `Bearer ${options.tokens[me % options.tokens.length]}`, ...(options.body !== undefined && { 'content-type': 'application/json' }) });
      if (options.pathFor) {
        let n = 0;
        const pathFor = options.pathFor;
        client.setRequests([{ method: 'POST', setupRequest: (req: { path: string }) => ({ ...req, path: pathFor(me, n++) }) }] as never);
      }
      let body = '';
      client.on('body', (chunk: Buffer) => (body = chunk.toString('utf8')));
      client.on('response', (status: number, _bytes: number, ms: number) => {
        const reason = reasonOf(status, body);
        answers.at.push(performance.now() - started);
        answers.reason.push(reason);
        answers.ms.push(ms);
        body = '';
        if (reason === 'ok' && ++succeeded === options.units && !stopping) {
          stopping = true;
          setTimeout(() => instance.stop(), options.afterSeconds * 1000);
        }
      });
    },
  }, () => {});
  answers.timeouts = (await new Promise<{ timeouts: number }>((resolve) => instance.on('done', resolve))).timeouts;
  return answers;
}
