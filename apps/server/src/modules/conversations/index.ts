/**
 * Private messages (docs/product/messaging.md#private-messages; decisions/0028): one conversation per pair of
 * accounts, messages of words or a shared game, unread counts kept exact in the writing transactions, the
 * private-messages badge and the live events that carry it. Above accounts (bylines, the badge hook), catalog
 * (a shared game's live price), moderation (the mute and the pace), people (blocks) and live (events).
 */
import type { ServerModule } from '../../platform/module.ts';
import type { Db } from '../../platform/db/client.ts';
import { provideBadge } from '../accounts/index.ts';
import { conversationsRoutes } from './routes.ts';
import * as tables from './tables.ts';
import { unreadTotals } from './unread.ts';

export const conversationsModule: ServerModule = {
  name: 'conversations',
  routes: conversationsRoutes,
  tables,
  setup: () => {
    provideBadge('private_messages', (db: Db, accountIds) => unreadTotals(db, accountIds));
  },
};

export { recountUnread } from './unread.ts';
export { sendPrivateMessage } from './send.ts';
