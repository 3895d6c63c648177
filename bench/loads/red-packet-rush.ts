import { serveLoad } from '../load-process.ts';
import { assertLoopback, rushUntil, warmSessions, type RushAnswers } from './rush.ts';

export interface RedPacketLoadInput {
  base: string;
  tokens: string[];
  /** The opens path of each shared packet of the event. */
  shares: string[];
  parts: number;
  afterSeconds: number;
  maxSeconds: number;
}

export type RedPacketAnswers = RushAnswers;

/**
 * Each account, signed in a moment before (it loads its account, as the share page does, before it opens:
 * as in the lottery's rush, so the rush starts with its session known to the server), on its own keep-alive connection, opens the event's shared packets one after another (its
 * n-th request goes to packet (account + n) mod packets), again as soon as it is answered, until every part
 * was opened and `afterSeconds` more (at most `maxSeconds`).
 */
serveLoad<RedPacketLoadInput, RedPacketAnswers>(async (input) => {
  assertLoopback(input.base);
  await warmSessions(input.base, input.tokens, input.tokens.length);
  return rushUntil({
    base: input.base, path: input.shares[0]!, pathFor: (client, n) => input.shares[(client + n) % input.shares.length]!,
    tokens: input.tokens, connections: input.tokens.length, units: input.parts, afterSeconds: input.afterSeconds, maxSeconds: input.maxSeconds,
  });
});
