import { serveLoad } from '../load-process.ts';
import { assertLoopback, rushUntil, warmSessions, type RushAnswers } from './rush.ts';

export interface LotteryLoadInput {
  base: string;
  connections: number;
  tokens: string[];
  activityId: number;
  units: number;
  afterSeconds: number;
  maxSeconds: number;
}

export type DrawAnswers = RushAnswers;

/**
 * The lottery rush: each account, signed in a moment before, on its own keep-alive connection posts `POST
 * /api/lottery_activities/{id}/draws` again as soon as it is answered, until `units` draws were won and
 * `afterSeconds` more (at most `maxSeconds`).
 */
serveLoad<LotteryLoadInput, DrawAnswers>(async (input) => {
  assertLoopback(input.base);
  await warmSessions(input.base, input.tokens, input.connections);
  return rushUntil({
    base: input.base, path: `/api/lottery_activities/${input.activityId}/draws?client=web`, body: '{}',
    tokens: input.tokens, connections: input.connections, units: input.units, afterSeconds: input.afterSeconds, maxSeconds: input.maxSeconds,
  });
});
