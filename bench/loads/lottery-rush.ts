import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { serveLoad } from '../load-process.ts';

export interface LotteryLoadInput {
  base: string;
  connections: number;
  tokens: string[];
  activityId: number;
  units: number;
  afterSeconds: number;
  maxSeconds: number;
}

/** Every answer of the rush: when (ms from the start), what (`ok` or `field:reason`), and how long it took. */
export interface DrawAnswers {
  at: number[];
  reason: string[];
  ms: number[];
}

const reasonOf = (status: number, body: string) => {
  if (status === 201) return 'ok';
  const match = /"errors":\{"([a-z_]+)":\["([a-z_]+)"/.exec(body);
  return match ? `${match[1]}:${match[2]}` : `http ${status}`;
};

/**
 * The lottery rush: each account, signed in a moment before, on its own keep-alive connection posts `POST
 * /api/lottery_activities/{id}/draws` again as soon as it is answered, until `units` draws were won and
 * `afterSeconds` more (at most `maxSeconds`).
 */
serveLoad<LotteryLoadInput, DrawAnswers>(async (input) => {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(input.base)) throw new Error('benchmarks target loopback addresses only');
  let warmToken = 0;
  await autocannon({
    url: `${input.base}/api/me`, connections: input.connections, amount: input.connections,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${input.tokens[warmToken++ % input.tokens.length]}` }),
  });
  const answers: DrawAnswers = { at: [], reason: [], ms: [] };
  const started = performance.now();
  let won = 0;
  let stopping = false;
  let nextToken = 0;
  const instance = autocannon({
    url: `${input.base}/api/lottery_activities/${input.activityId}/draws?client=web`, method: 'POST', connections: input.connections, duration: input.maxSeconds,
    body: '{}',
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
        if (reason === 'ok' && ++won === input.units && !stopping) {
          stopping = true;
          setTimeout(() => instance.stop(), input.afterSeconds * 1000);
        }
      });
    },
  }, () => {});
  await new Promise((resolve) => instance.on('done', resolve));
  return answers;
});
