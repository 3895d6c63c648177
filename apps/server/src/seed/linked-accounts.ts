import { inArray } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { platformBindings } from '../modules/linked-accounts/tables.ts';

/**
 * Demo bindings (docs/product/linked-accounts.md): the two demo shoppers have Steam linked (public sandbox
 * profiles, so their libraries, friends, achievements and reviews show), the mainland one WeChat too. Other accounts link their own in
 * the sandbox from /setting/linked_accounts.
 */
const DEMO = [
  { email: 'demo@lantern.test', kind: 'steam', externalId: '76561198023456781', showId: '灯笼玩家_Steam' },
  { email: 'demo@lantern.test', kind: 'wechat', externalId: 'wx-demo-union-0001', showId: '灯笼玩家' },
  { email: 'player@lantern.test', kind: 'steam', externalId: '76561198087654321', showId: 'NightOwl' },
] as const;

export async function seedLinkedAccounts(deps: Deps): Promise<{ bindings: number }> {
  const rows = await deps.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, DEMO.map((d) => d.email)));
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const now = deps.clock.now();
  const values = DEMO.flatMap((d) => {
    const accountId = idOf.get(d.email);
    return accountId === undefined ? [] : [{
      accountId, kind: d.kind, externalId: d.externalId, showId: d.showId, createdAt: now,
      profile: d.kind === 'steam' ? { profileUrl: `https://steamcommunity.com/profiles/${d.externalId}` } : {},
    }];
  });
  if (values.length > 0) await deps.db.insert(platformBindings).values(values);
  // They linked Steam the way the web asks: after "I have got it" to the responsibility declaration, so their
  // Steam data is shared on their personal pages (docs/product/personal-pages.md#steam-data-shared).
  const steamOwners = values.filter((v) => v.kind === 'steam').map((v) => v.accountId);
  if (steamOwners.length > 0) await deps.db.update(accounts).set({ responsibilityAcknowledgedAt: now }).where(inArray(accounts.id, steamOwners));
  return { bindings: values.length };
}
