import { serveLoad } from '../load-process.ts';
import { rushUntil, type RushAnswers } from './rush.ts';

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
 * Each account, on its own keep-alive connection, opens the event's shared packets one after another (its
 * n-th request goes to packet (account + n) mod packets), again as soon as it is answered, until every part
 * was opened and `afterSeconds` more (at most `maxSeconds`).
 */
serveLoad<RedPacketLoadInput, RedPacketAnswers>((input) => rushUntil({
  base: input.base, path: input.shares[0]!, pathFor: (client, n) => input.shares[(client + n) % input.shares.length]!,
  tokens: input.tokens, connections: input.tokens.length, units: input.parts, afterSeconds: input.afterSeconds, maxSeconds: input.maxSeconds,
}));
