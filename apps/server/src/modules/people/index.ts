/**
 * People (docs/product/people.md; decisions/0023): follows and friends, and the block list with what a block
 * does across the store. Above accounts (who is open, bylines) and discussion, into whose writing statement it
 * puts the block check from its `setup` — discussion never imports it. The community's lists and the talks
 * call its exported checks; private messages (a later module) will call `assertMayReach`.
 */
import { sql } from 'drizzle-orm';
import type { ServerModule } from '../../platform/module.ts';
import { registerReachGuard } from '../discussion/index.ts';
import { registerRecipientFilter } from '../notifications/index.ts';
import { blockersOf, hiddenAuthorsFor, reachesBlockerSql } from './relations.ts';
import { peopleRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const peopleModule: ServerModule = {
  name: 'people',
  routes: peopleRoutes,
  tables,
  // Comments and replies that reach an account which blocked their writer are refused (docs/product/people.md#what-a-block-does).
  setup: () => {
    registerReachGuard({
      sql: reachesBlockerSql,
      blockersOf: (deps, actorId, candidates) => blockersOf(deps.db, actorId, candidates),
      hiddenFrom: hiddenAuthorsFor,
    });
    // Nobody is told of what an account they blocked did (docs/product/people.md#what-a-block-does).
    registerRecipientFilter((actorId, recipientId) => reachesBlockerSql(actorId, sql`ARRAY[${recipientId}]::bigint[]`));
  },
};

export { isBlockedBy, hiddenAuthorsFor, assertMayReach, blockBetween, blockListed } from './relations.ts';
export { followedIds } from './follows.ts';
