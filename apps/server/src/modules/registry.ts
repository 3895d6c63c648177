import type { ServerModule } from '../platform/module.ts';
import { accountsModule } from './accounts/index.ts';
import { liveModule } from './live/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { moderationModule } from './moderation/index.ts';
import { regionModule } from './region/index.ts';
import { catalogModule } from './catalog/index.ts';
import { storefrontModule } from './storefront/index.ts';
import { shopModule } from './shop/index.ts';
import { mediaModule } from './media/index.ts';
import { cartModule } from './cart/index.ts';
import { couponsModule } from './coupons/index.ts';
import { ordersModule } from './orders/index.ts';
import { paymentsModule } from './payments/index.ts';
import { keysModule } from './keys/index.ts';
import { libraryModule } from './library/index.ts';
import { redeemModule } from './redeem/index.ts';
import { userCenterModule } from './user-center/index.ts';
import { auditModule } from './audit/index.ts';
import { promotionsModule } from './promotions/index.ts';
import { bundlesModule } from './bundles/index.ts';
import { queuesModule } from './queues/index.ts';
import { pointsShopModule } from './points-shop/index.ts';
import { giftPacksModule } from './gift-packs/index.ts';
import { redPacketsModule } from './red-packets/index.ts';
import { lotteryModule } from './lottery/index.ts';
import { gameReviewsModule } from './game-reviews/index.ts';
import { discussionModule } from './discussion/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { peopleModule } from './people/index.ts';
import { collectionsModule } from './collections/index.ts';
import { shareModule } from './share/index.ts';
import { communityModule } from './community/index.ts';
import { forumModule } from './forum/index.ts';
import { profilesModule } from './profiles/index.ts';
import { noticesModule } from './notices/index.ts';
import { feedbackModule } from './feedback/index.ts';
import { headlinesModule } from './headlines/index.ts';
import { talksModule } from './talks/index.ts';
import { linkedAccountsModule } from './linked-accounts/index.ts';
import { conversationsModule } from './conversations/index.ts';
import { wishAlertsModule } from './wish-alerts/index.ts';
import { journeysModule } from './journeys/index.ts';
import { invitesModule } from './invites/index.ts';
import { distributionModule } from './distribution/index.ts';
import { appealsModule } from './appeals/index.ts';

/**
 * Every server module, in one list: the application registers their routes, staff routes and server
 * switches from it, and `main.ts` starts their jobs. Adding a module is its folder plus one line here
 * (docs/ARCHITECTURE.md "Adding a module"). Setups run in this order, so it decides the order of the
 * steps that complete a paid order: keys, then the library, then the shipment (orders' own).
 */
export const MODULES: readonly ServerModule[] = [
  accountsModule,
  liveModule,
  notificationsModule,
  moderationModule,
  regionModule,
  catalogModule,
  storefrontModule,
  shopModule,
  mediaModule,
  cartModule,
  couponsModule,
  keysModule,
  libraryModule,
  ordersModule,
  paymentsModule,
  redeemModule,
  promotionsModule,
  bundlesModule,
  queuesModule,
  pointsShopModule,
  giftPacksModule,
  redPacketsModule,
  lotteryModule,
  gameReviewsModule,
  discussionModule,
  uploadsModule,
  peopleModule,
  collectionsModule,
  communityModule,
  forumModule,
  profilesModule,
  noticesModule,
  feedbackModule,
  headlinesModule,
  talksModule,
  shareModule,
  linkedAccountsModule,
  conversationsModule,
  wishAlertsModule,
  journeysModule,
  invitesModule,
  distributionModule,
  appealsModule,
  userCenterModule,
  auditModule,
];

/** Plugs every module into those below it (fulfilment steps, what an order shows). Idempotent. */
export function setUpModules(): void {
  for (const module of MODULES) module.setup?.();
}
