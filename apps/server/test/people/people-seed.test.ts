import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { PEOPLE_API, TALKS_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedCommunity } from '../../src/seed/community.ts';
import { seedPeople } from '../../src/seed/people.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo people: follows, talks, a block and collections for demo@ and player@ (docs/product/people.md). */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog, seedCommunity] });
beforeAll(async () => {
}, 240_000);

describe('seedPeople', () => {
  it('gives each demo account a feed of followed members\' talks, one blocked member hidden, and collections', { timeout: 120_000 }, async () => {
    const seeded = await seedPeople(t.deps);
    expect(seeded.blocks).toBe(2);
    expect(seeded.talks).toBeGreaterThan(10);
    expect(seeded.collections).toBe(4);
    const api = clients(t);
    const demos = await t.deps.db.select().from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
    for (const demo of demos) {
      const area = demo.email === 'demo@lantern.test' ? 'native' as const : 'abroad' as const;
      const { accessToken } = await startSession(t.deps, t.deps.db, demo.id, area);
      const feed = (await api[area].get(TALKS_API.talks, { query: { feed: 'following' }, token: accessToken })).json();
      expect(feed.talks.length).toBeGreaterThan(3);
      const blocked = (await api[area].get(PEOPLE_API.blockQuery, { query: { account_id: String(demo.id) }, token: accessToken })).json().data.list;
      expect(blocked).toHaveLength(1);
      const everyone = (await api[area].get(TALKS_API.talks, { query: { per: '50' }, token: accessToken })).json().talks as { account: { id: number } | null }[];
      expect(everyone.some((x) => x.account?.id === blocked[0].blockAccountId)).toBe(false);
      const asGuest = (await api[area].get(TALKS_API.talks, { query: { per: '50' } })).json().talks as { account: { id: number } | null }[];
      expect(asGuest.some((x) => x.account?.id === blocked[0].blockAccountId)).toBe(true);
      // The first page of everyone's talks has talks in Chinese on the mainland site (and English ones abroad).
      const firstPage = (await api[area].get(TALKS_API.talks)).json().talks as { content: string }[];
      expect(firstPage.some((x) => (area === 'native' ? /[\u4e00-\u9fff]/ : /^<p>[A-Za-z]/).test(x.content)), area).toBe(true);
    }
  });
});
