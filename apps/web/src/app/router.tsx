import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { Layout } from './Layout';
import { RouteError } from './RouteError';

type Loader = () => Promise<ComponentType>;

type Prefetch = (args: LoaderFunctionArgs) => Promise<unknown> | void;

/** True until the router has drawn its first page (see `page`). */
let firstPage = true;

/**
 * A lazily loaded page; `guard` keeps guests out of the user centre. `prefetch` starts the page's data while
 * its code downloads, so the first paint of a store page is not a waterfall. On the page the visitor lands on,
 * the router waits for that data too (it was asked for by the page itself, see vite.config.ts): the page is
 * drawn once, complete, instead of a spinner that then gives way (docs/decisions/0042-first-paint.md). Later
 * navigations never wait for it.
 */
function page(path: string, load: Loader, guard = false, prefetch?: Prefetch): RouteObject {
  return {
    path,
    ...(prefetch
      ? {
          loader: async (args: LoaderFunctionArgs) => {
            const ready = prefetch(args);
            if (firstPage) await ready;
            return null;
          },
        }
      : {}),
    lazy: async () => {
      // The page's locale bundles load with its code: it renders with its texts (docs/decisions/0058-locale-bundles.md).
      // The sign-in guard comes with the pages behind it, not with every first page.
      const [Page, guarded] = await Promise.all([load(), guard ? import('../ui/RequireSignIn') : null, import('./routeTexts').then((m) => m.loadRouteTexts(path))]);
      if (!guarded) return { Component: Page };
      const { RequireSignIn } = guarded;
      return { Component: () => <RequireSignIn><Page /></RequireSignIn> };
    },
  };
}

export function createRouter(client: QueryClient) {
  firstPage = true;
  // Each page's first read is loaded with the page's own code (its module is in the page's chunk), not in the
  // entry every page pays for; the first-page preloads (vite.config.ts) fetch that code and read at once.
  const homeData = () => import('../features/home/api/home').then((m) => client.prefetchQuery(m.homeQuery));
  /** The id of a page's path, when it is one. */
  const idOf = (args: LoaderFunctionArgs) => (args.params.id && /^\d{1,12}$/.test(args.params.id) ? Number(args.params.id) : null);
  const postData: Prefetch = (args) => {
    const id = idOf(args);
    if (id !== null) return import('../features/community/api/post').then((m) => client.prefetchQuery(m.postQuery(id)));
  };
  const headlineData: Prefetch = (args) => {
    const id = idOf(args);
    if (id !== null) return import('../features/community/headlines/api/headlines').then((m) => client.prefetchQuery(m.headlineQuery(id)));
  };
  const groupData: Prefetch = (args) => {
    const id = idOf(args);
    if (id === null) return;
    const search = new URL(args.request.url).searchParams;
    return Promise.all([
      import('../features/community/api/group').then((m) => client.prefetchQuery(m.groupQuery(id))),
      import('../features/community/api/groupPosts').then((m) => m.prefetchGroupList(client, id, search)),
    ]);
  };
  const talksData: Prefetch = (args) =>
    import('../features/community/api/talks').then((m) => m.prefetchLandedTalks(client, new URL(args.request.url).searchParams.get('tab')));
  const routes: RouteObject[] = [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        page(paths.root, () => import('../features/home/components/HomePage').then((m) => m.HomePage), false, homeData),
        // /home?type=subject is the community subjects tab (HomePage shows it instead of the store home).
        page(paths.home, () => import('../features/home/components/HomePage').then((m) => m.HomePage), false, homeData),
        page(paths.community, () => import('../features/community/components/CommunityPage').then((m) => m.CommunityPage)),
        page(paths.groupPattern, () => import('../features/community/components/GroupPage').then((m) => m.GroupPage), false, groupData),
        page(paths.writePostPattern, () => import('../features/community/components/EditorPage').then((m) => m.EditorPage), true),
        page(paths.editPostPattern, () => import('../features/community/components/EditorPage').then((m) => m.EditorPage), true),
        page(paths.postPattern, () => import('../features/community/components/PostPage').then((m) => m.PostPage), false, postData),
        page(paths.headlines, () => import('../features/community/headlines/HeadlinesPage').then((m) => m.HeadlinesPage)),
        page(paths.headlineDrafts, () => import('../features/community/headlines/HeadlineDraftsPage').then((m) => m.HeadlineDraftsPage), true),
        page(paths.headlineDraftNew, () => import('../features/community/headlines/HeadlineEditorPage').then((m) => m.HeadlineEditorPage), true),
        page(paths.headlineDraftEditPattern, () => import('../features/community/headlines/HeadlineEditorPage').then((m) => m.HeadlineEditorPage), true),
        page(paths.headlineDraftPreviewPattern, () => import('../features/community/headlines/HeadlineDraftPreviewPage').then((m) => m.HeadlineDraftPreviewPage), true),
        page(paths.moderationReports, () => import('../features/community/moderation/components/ReportsPage').then((m) => m.ReportsPage), true),
        page(paths.headlinePattern, () => import('../features/community/headlines/HeadlinePage').then((m) => m.HeadlinePage), false, headlineData),
        page(paths.talks, () => import('../features/community/components/TalksPage').then((m) => m.TalksPage), false, talksData),
        page(paths.talkPattern, () => import('../features/community/components/TalkPage').then((m) => m.TalkPage)),
        page(paths.cart, () => import('../features/cart/components/CartPage').then((m) => m.CartPage), true),
        page(paths.transition, () => import('../features/orders/components/TransitionPage').then((m) => m.TransitionPage), true),
        page(paths.checkoutPattern, () => import('../features/orders/components/CheckoutPage').then((m) => m.CheckoutPage), true),
        page(paths.orderCompletePattern, () => import('../features/orders/components/CompletePage').then((m) => m.CompletePage), true),
        page(paths.conversations, () => import('../features/conversations/components/ConversationsPage').then((m) => m.ConversationsPage), true),
        page(paths.conversationPattern, () => import('../features/conversations/components/ConversationPage').then((m) => m.ConversationPage), true),
        page(paths.newConversationPath, () => import('../features/conversations/components/NewConversationPage').then((m) => m.NewConversationPage), true),
        page(paths.messages, () => import('../features/notifications/components/NotificationsPage').then((m) => m.NotificationsPage), true),
        page(paths.search, () => import('../features/search/components/SearchPage').then((m) => m.SearchPage)),
        page(paths.skuPattern, () => import('../features/sku/components/SkuPage').then((m) => m.SkuPage), false, (args) => {
          // Keyed by the path's own text, as the page asks for it. The flash-sale events too: the page waits for both
          // (a sale's price replaces the list price), and a page drawn before they came would be drawn again whole.
          if (idOf(args) === null) return;
          return Promise.all([
            import('../features/sku/api/sku').then((m) => client.prefetchQuery(m.skuQuery(args.params.id!))),
            import('../lib/flashSaleApi').then((m) => client.prefetchQuery(m.seckillEventsQuery)),
          ]);
        }),
        page(paths.peripheral, () => import('../features/peripheral/components/PeripheralPage').then((m) => m.PeripheralPage)),
        page(paths.periTagPattern, () => import('../features/peripheral/components/PeriTagPage').then((m) => m.PeriTagPage)),
        page(paths.pointsShop, () => import('../features/points-shop/components/PointsShopPage').then((m) => m.PointsShopPage)),
        page(paths.signIn, () => import('../features/auth/components/SignInPage').then((m) => m.SignInPage)),
        page(paths.signUp, () => import('../features/auth/components/SignUpPage').then((m) => m.SignUpPage)),
        page(paths.passwordReset, () => import('../features/auth/components/PasswordResetPage').then((m) => m.PasswordResetPage)),
        page(paths.unlock, () => import('../features/auth/components/UnlockPage').then((m) => m.UnlockPage)),
        page(paths.appeals, () => import('../features/auth/components/AppealPage').then((m) => m.AppealPage)),
        page(paths.appealReset, () => import('../features/auth/components/AppealResetPage').then((m) => m.AppealResetPage)),
        page(paths.appealDeny, () => import('../features/auth/components/AppealDenyPage').then((m) => m.AppealDenyPage)),
        {
          // The user centre (docs/product/screens.md#routes): one frame with the left menu; the frame asks a guest to sign in.
          lazy: () => import('../features/user-center/components/UserCenterLayout').then((m) => ({ Component: m.UserCenterLayout })),
          children: [
            page(paths.userCenter, () => import('../features/user-center/components/UserCenterHomePage').then((m) => m.UserCenterHomePage)),
            page(paths.orders, () => import('../features/user-center/components/OrdersPage').then((m) => m.OrdersPage)),
            page(paths.orderPattern, () => import('../features/user-center/components/OrderDetailPage').then((m) => m.OrderDetailPage)),
            page(paths.gameKeys, () => import('../features/user-center/components/KeysPages').then((m) => m.GameKeysPage)),
            page(paths.uplayKeys, () => import('../features/user-center/components/KeysPages').then((m) => m.UplayKeysPage)),
            page(paths.library, () => import('../features/user-center/components/LibraryPage').then((m) => m.LibraryPage)),
            page(paths.userReviews, () => import('../features/user-center/components/ReviewsPage').then((m) => m.ReviewsPage)),
            page(paths.collections, () => import('../features/people/components/CollectionsPage').then((m) => m.CollectionsPage)),
            page(paths.blockList, () => import('../features/people/components/BlockListPage').then((m) => m.BlockListPage)),
            page(paths.coupons, () => import('../features/user-center/components/CouponsPage').then((m) => m.CouponsPage)),
            page(paths.redeem, () => import('../features/user-center/components/RedeemPage').then((m) => m.RedeemPage)),
            page(paths.wallet, () => import('../features/user-center/components/WalletPage').then((m) => m.WalletPage)),
            page(paths.journeys, () => import('../features/journeys/components/JourneysPage').then((m) => m.JourneysPage)),
            page(paths.invites, () => import('../features/journeys/components/InvitesPage').then((m) => m.InvitesPage)),
            page(paths.distribution, () => import('../features/distribution/components/DistributionPage').then((m) => m.DistributionPage)),
            page(paths.security, () => import('../features/user-center/components/SecurityPage').then((m) => m.SecurityPage)),
            page(paths.linkedAccounts, () => import('../features/linked-accounts/components/LinkedAccountsPage').then((m) => m.LinkedAccountsPage)),
            page(paths.securityAuth, () => import('../features/user-center/components/SecurityAuthPage').then((m) => m.SecurityAuthPage)),
            page(paths.profile, () => import('../features/user-center/components/ProfilePage').then((m) => m.ProfilePage)),
            page(paths.addresses, () => import('../features/user-center/components/AddressesPage').then((m) => m.AddressesPage)),
            page(paths.points, () => import('../features/user-center/components/PointsPage').then((m) => m.PointsPage)),
            page(paths.wishes, () => import('../features/user-center/components/WishesPage').then((m) => m.WishesPage)),
          ],
        },
        page(paths.userPattern, () => import('../features/users/components/UserProfilePage').then((m) => m.UserProfilePage)),
        page(paths.bundles, () => import('../features/deals/components/BundlesPage').then((m) => m.BundlesPage)),
        page(paths.bundlePattern, () => import('../features/deals/components/BundlePage').then((m) => m.BundlePage)),
        page(paths.queuePattern, () => import('../features/deals/components/QueuePage').then((m) => m.QueuePage)),
        page(paths.redPacketEventPattern, () => import('../features/red-packets/components/RedPacketEventPage').then((m) => m.RedPacketEventPage)),
        page(paths.redPacketSharePattern, () => import('../features/red-packets/components/RedPacketSharePage').then((m) => m.RedPacketSharePage)),
        page(paths.lotteryPattern, () => import('../features/lottery/components/LotteryPage').then((m) => m.LotteryPage)),
        page(paths.notFound, () => import('../features/errors/components/ErrorPages').then((m) => m.NotFoundPage)),
        page(paths.serverError, () => import('../features/errors/components/ErrorPages').then((m) => m.ServerErrorPage)),
        page(paths.ipError, () => import('../features/errors/components/ErrorPages').then((m) => m.IpErrorPage)),
        page(paths.flashSales, () => import('../features/flash-sales/components/FlashSalesPage').then((m) => m.FlashSalesPage)),
        page(paths.oauthCallbackPattern, () => import('../features/linked-accounts/components/OAuthCallbackPage').then((m) => m.OAuthCallbackPage), true),
        page(paths.notices, () => import('../features/notices/components/NoticesPage').then((m) => m.NoticesPage)),
        page(paths.noticePattern, () => import('../features/notices/components/NoticePage').then((m) => m.NoticePage)),
        page(paths.versions, () => import('../features/notices/components/VersionsPage').then((m) => m.VersionsPage)),
        page(paths.feedback, () => import('../features/notices/components/FeedbackPage').then((m) => m.FeedbackPage), true),
        page(paths.terms, () => import('../features/legal/components/TermsPage').then((m) => m.TermsPage)),
        page(paths.privacy, () => import('../features/legal/components/PrivacyPage').then((m) => m.PrivacyPage)),
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
    // The game launcher's sign-in ends on a bare, empty page that reloads its opener (or the top window).
    { ...page(paths.launcherLoginSuccess, () => import('../features/linked-accounts/components/LauncherLoginSuccessPage').then((m) => m.LauncherLoginSuccessPage)), errorElement: <RouteError /> },
    // /blank (docs/product/screens.md#blank) is a bare page: it only submits the payment form to the gateway.
    { ...page(paths.blank, () => import('../features/orders/components/BlankPage').then((m) => m.BlankPage)), errorElement: <RouteError /> },
  ];
  const router = createBrowserRouter(routes);
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    firstPage = false;
    stop();
  });
  return router;
}

/** Resolves once the router has its first page's code and data (or after `maxWaitMs`, whichever is first). */
export function routerReady(router: ReturnType<typeof createRouter>, maxWaitMs = 4000): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxWaitMs);
    const stop = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
