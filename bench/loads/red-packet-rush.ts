import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { serveLoad } from '../load-process.ts';

export interface RedPacketLoadInput {
  base: string;
  tokens: string[];
  /** The opens path of each shared packet of the event. */
  shares: string[];
  parts: number;
  afterSeconds: number;
  maxSeconds: number;
}

/** Every answer: when (ms from the start), what (`ok` or `field:reason`), how long it took. */
export interface RedPacketAnswers {
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
 * Each account, on its own keep-alive connection, opens the event's shared packets one after another (its
 * n-th request goes to packet (account + n) mod packets), again as soon as it is answered, until every part
 * was opened and `afterSeconds` more (at most `maxSeconds`).
 */
async function rush(input: RedPacketLoadInput): Promise<RedPacketAnswers> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(input.base)) throw new Error('benchmarks target loopback addresses only');
  const answers: RedPacketAnswers = { at: [], reason: [], ms: [] };
  const started = performance.now();
  let opened = 0;
  let stopping = false;
  let nextClient = 0;
  const instance = autocannon({
    url: `${input.base}${input.shares[0]}`, method: 'POST', connections: input.tokens.length, duration: input.maxSeconds,
    setupClient(client) {
      const me = nextClient++;
      let n = 0;
      client.setHeaders({ authorization: `Bearer ${input.tokens[me]}` });
      client.setRequests([{
        method: 'POST',
        setupRequest: (req: { path: string }) => ({ ...req, path: input.shares[(me + n++) % input.shares.length]! }),
      }] as never);
      let body = '';
      client.on('body', (chunk: Buffer) => (body = chunk.toString('utf8')));
      client.on('response', (status: number, _bytes: number, ms: number) => {
        const reason = reasonOf(status, body);
        answers.at.push(performance.now() - started);
        answers.reason.push(reason);
        answers.ms.push(ms);
        body = '';
        if (reason === 'ok' && ++opened === input.parts && !stopping) {
          stopping = true;
          setTimeout(() => instance.stop(), input.afterSeconds * 1000);
        }
      });
    },
  }, () => {});
  await new Promise((resolve) => instance.on('done', resolve));
  return answers;
}

serveLoad<RedPacketLoadInput, RedPacketAnswers>(rush);
