import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { skus } from '../modules/catalog/tables.ts';
import { sendPrivateMessage } from '../modules/conversations/index.ts';

/**
 * A private conversation between demo@ (the mainland's shopper) and player@ (the international one), in both
 * languages, with a game shared from each site (docs/product/messaging.md#private-messages): each site shows
 * its own game's card with the live price and says the other's is not sold there. Written through the
 * module's own service, so the unread counts and badges hold; nobody has read the other's last messages yet.
 */
export async function seedConversations(deps: Deps): Promise<{ messages: number }> {
  const seedDeps: Deps = { ...deps, config: { ...deps.config, COMMUNITY_WRITE_PACE: 'off' } };
  const people = await deps.db.select({ id: accounts.id, email: accounts.email, region: accounts.region })
    .from(accounts).where(and(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']), isNull(accounts.closedAt)));
  const demo = people.find((p) => p.email === 'demo@lantern.test');
  const player = people.find((p) => p.email === 'player@lantern.test');
  if (!demo || !player) return { messages: 0 };
  const gameOf = async (area: 'native' | 'abroad') => {
    const [row] = await deps.db.select({ id: skus.id }).from(skus)
      .where(and(eq(skus.area, area), eq(skus.status, 'sale'), isNull(skus.region))).orderBy(asc(skus.rank), asc(skus.id)).limit(1);
    return row?.id ?? null;
  };
  const nativeGame = await gameOf('native');
  const abroadGame = await gameOf('abroad');
  const asDemo = { area: 'native' as const, region: demo.region, accountId: demo.id };
  const asPlayer = { area: 'abroad' as const, region: player.region, accountId: player.id };
  const steps = [
    () => sendPrivateMessage(seedDeps, asDemo, { targetId: player.id, kind: 'text', content: '你好！周末一起联机吗？ / Hi! Up for some co-op this weekend?', skuId: null }),
    () => sendPrivateMessage(seedDeps, asPlayer, { targetId: demo.id, kind: 'text', content: 'Sure! What are you playing at the moment?', skuId: null }),
    ...(nativeGame === null ? [] : [() => sendPrivateMessage(seedDeps, asDemo, { targetId: player.id, kind: 'game', content: '这款正在打折，推荐！', skuId: nativeGame })]),
    ...(abroadGame === null ? [] : [() => sendPrivateMessage(seedDeps, asPlayer, { targetId: demo.id, kind: 'game', content: 'This one is great with friends.', skuId: abroadGame })]),
    () => sendPrivateMessage(seedDeps, asPlayer, { targetId: demo.id, kind: 'text', content: 'Saturday evening works for me.', skuId: null }),
  ];
  for (const step of steps) await step();
  return { messages: steps.length };
}
