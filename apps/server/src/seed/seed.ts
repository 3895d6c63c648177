import { count } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { seedAccounts } from './accounts.ts';
import { seedCatalog } from './catalog.ts';
import { DEMO_COUPON_CODES, seedCoupons } from './coupons.ts';
import { seedKeysAndCodes } from './keys.ts';
import { seedPromotions } from './promotions.ts';
import { seedBundlesAndQueues } from './bundles.ts';
import { seedPointsAndGifts } from './points-and-gifts.ts';
import { seedPeripheralStock } from './peripheral-stock.ts';
import { seedModeration } from './moderation.ts';
import { seedGameReviews } from './game-reviews.ts';
import { seedCommunity } from './community.ts';
import { seedDiscussion } from './discussion.ts';
import { seedForum } from './forum.ts';
import { seedNotices } from './notices.ts';
import { seedHeadlines } from './headlines.ts';
import { seedPeople } from './people.ts';
import { seedLinkedAccounts } from './linked-accounts.ts';
import { seedConversations } from './conversations.ts';
import { seedNotifications } from './notifications.ts';
import { seedAppeals } from './appeals.ts';
import { setUpModules } from '../modules/registry.ts';

/** Fills an empty database with demo data for both sites; a database with any account is left alone. */
export async function seedIfEmpty(deps: Deps): Promise<boolean> {
  // The demo's orders are completed through the same fulfilment as a payment's.
  setUpModules();
  const [row] = await deps.db.select({ n: count() }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  deps.log.info('seeding demo data');
  await seedAccounts(deps);
  await seedCatalog(deps);
  const keys = await seedKeysAndCodes(deps);
  deps.log.info({ keys: keys.keys, empty_pools: keys.emptyPools, supplier_skus: keys.supplierSkus }, 'seeded key pools');
  deps.log.info({ redeem_codes: keys.redeemCodes }, 'demo redeem codes (POST /api/redeem; listed in the README)');
  const coupons = await seedCoupons(deps);
  deps.log.info({ coupons, codes: DEMO_COUPON_CODES }, 'seeded demo coupons (claim on /user_center/coupons; the codes with "Have a code?")');
  const seckills = await seedPromotions(deps);
  deps.log.info({ seckills }, 'seeded demo flash sales (on now, starting in 5 minutes, ended) on both sites');
  deps.log.info(await seedBundlesAndQueues(deps), 'seeded demo bundles (/bundles) and an exploring queue on both sites');
  const pointsAndGifts = await seedPointsAndGifts(deps);
  deps.log.info(pointsAndGifts, 'seeded the points shop, gift packs and coupon areas on both sites; demo shoppers have points');
  deps.log.info({ peripherals: await seedPeripheralStock(deps) }, 'seeded peripheral stock (some down to their last units, none sold out)');
  deps.log.info(await seedModeration(deps), 'seeded watched words on both sites and open reports for the staff queue (staff@lantern.test)');
  deps.log.info(await seedGameReviews(deps), 'seeded Steam and Epic reviews (sandbox) of the best-ranked games, and a vote on each site');
  deps.log.info(await seedCommunity(deps), 'seeded the community: a group per game, posts and reviews in both languages (community members sign in with the demo password)');
  deps.log.info(await seedDiscussion(deps), 'seeded comments, replies and likes on the newest posts of each site');
  deps.log.info(await seedForum(deps), 'seeded a points campaign on each site\'s most followed group');
  deps.log.info(await seedNotices(deps), 'seeded notices on both sites and the version progress list (/notices, /versions)');
  deps.log.info(await seedHeadlines(deps), 'seeded headlines: sections, six articles a site with covers, games, comments and likes; a draft a site awaits staff (editor@lantern.test writes, staff@lantern.test publishes)');
  deps.log.info(await seedPeople(deps), 'seeded follows, talks, a block and collections for demo@ and player@ on each site');
  deps.log.info(await seedLinkedAccounts(deps), 'seeded linked Steam (and WeChat) accounts for the demo shoppers (sandbox profiles)');
  deps.log.info(await seedConversations(deps), 'seeded a private conversation between demo@ and player@ with a game shared from each site');
  deps.log.info(await seedNotifications(deps), 'seeded notifications of several kinds for demo@ and player@ (/messages) and an announcement per site');
  deps.log.info(await seedAppeals(deps), 'seeded a filed and an accepted account appeal per site (staff API: /api/admin/appeals)');
  return true;
}
