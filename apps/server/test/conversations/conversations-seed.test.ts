import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { API, CONVERSATIONS_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedConversations } from '../../src/seed/conversations.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo conversation between demo@ and player@: both see it, with unread messages and their site's shared game. */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog] });
beforeAll(async () => {
}, 240_000);

describe('seedConversations', () => {
  it('shows each demo account the conversation, its unread badge, and the game shared on its own site with a price', { timeout: 120_000 }, async () => {
    expect((await seedConversations(t.deps)).messages).toBe(5);
    const api = clients(t);
    const demos = await t.deps.db.select().from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
    for (const demo of demos) {
      const area = demo.email === 'demo@lantern.test' ? 'native' as const : 'abroad' as const;
      const { accessToken } = await startSession(t.deps, t.deps.db, demo.id, area);
      const list = (await api[area].get(CONVERSATIONS_API.conversations, { token: accessToken })).json().conversations;
      expect(list).toHaveLength(1);
      expect(list[0].unread_count).toBe(area === 'native' ? 3 : 2);
      expect((await api[area].get(API.me, { token: accessToken })).json().badges.private_messages).toBe(list[0].unread_count);
      const history = (await api[area].get(CONVERSATIONS_API.conversation(list[0].id), { token: accessToken })).json().private_messages as { kind: string; relation: { game: { area: string; sale_price: number } | null } }[];
      expect(history).toHaveLength(5);
      const shown = history.filter((m) => m.kind === 'game' && m.relation.game);
      expect(shown).toHaveLength(1);
      expect(shown[0]!.relation.game!.area).toBe(area);
    }
  });
});
