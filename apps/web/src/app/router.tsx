import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { homeQuery } from '../features/home/api/home';
import { skuQuery } from '../features/sku/api/sku';
import { paths } from './paths';
import { Layout } from './Layout';
import { RequireSignIn } from './RequireSignIn';
import { RouteError } from './RouteError';

type Loader = () => Promise<ComponentType>;

/**
 * A lazily loaded page; `guard` keeps guests out of the user centre. `prefetch` starts the page's data while
 * its code downloads (it never delays the navigation), so the first paint of a store page is not a waterfall.
 */
function page(path: string, load: Loader, guard = false, prefetch?: (args: LoaderFunctionArgs) => void): RouteObject {
  return {
    path,
    ...(prefetch
      ? {
          loader: (args: LoaderFunctionArgs) => {
            prefetch(args);
            return null;
          },
        }
      : {}),
    lazy: async () => {
      const Page = await load();
      return { Component: guard ? () => <RequireSignIn><Page /></RequireSignIn> : Page };
    },
  };
}

export function createRouter(client: QueryClient) {
  const homeData = () => void client.prefetchQuery(homeQuery);
  const routes: RouteObject[] = [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        page(paths.root, () => import('../features/home/components/HomePage').then((m) => m.HomePage), false, homeData),
        // /home?type=subject is kept for the community subjects tab; until it exists it shows the store home.
        page(paths.home, () => import('../features/home/components/HomePage').then((m) => m.HomePage), false, homeData),
        page(paths.community, () => import('../features/home/components/ComingSoonPage').then((m) => m.CommunityPage)),
        page(paths.headlines, () => import('../features/home/components/ComingSoonPage').then((m) => m.HeadlinesPage)),
        page(paths.cart, () => import('../features/home/components/ComingSoonPage').then((m) => m.CartPage), true),
        page(paths.messages, () => import('../features/home/components/ComingSoonPage').then((m) => m.MessagesPage), true),
        page(paths.search, () => import('../features/search/components/SearchPage').then((m) => m.SearchPage)),
        page(paths.skuPattern, () => import('../features/sku/components/SkuPage').then((m) => m.SkuPage), false, ({ params }) => {
          if (params.id && /^\d{1,12}$/.test(params.id)) void client.prefetchQuery(skuQuery(params.id));
        }),
        page(paths.peripheral, () => import('../features/peripheral/components/PeripheralPage').then((m) => m.PeripheralPage)),
        page(paths.periTagPattern, () => import('../features/peripheral/components/PeriTagPage').then((m) => m.PeriTagPage)),
        page(paths.signIn, () => import('../features/auth/components/SignInPage').then((m) => m.SignInPage)),
        page(paths.signUp, () => import('../features/auth/components/SignUpPage').then((m) => m.SignUpPage)),
        page(paths.passwordReset, () => import('../features/auth/components/PasswordResetPage').then((m) => m.PasswordResetPage)),
        page(paths.unlock, () => import('../features/auth/components/UnlockPage').then((m) => m.UnlockPage)),
        page(paths.security, () => import('../features/account/components/SecurityPage').then((m) => m.SecurityPage), true),
        page(paths.securityAuth, () => import('../features/account/components/SecurityAuthPage').then((m) => m.SecurityAuthPage), true),
        page(paths.profile, () => import('../features/account/components/ProfilePage').then((m) => m.ProfilePage), true),
        page(paths.addresses, () => import('../features/account/components/AddressesPage').then((m) => m.AddressesPage), true),
        page(paths.points, () => import('../features/account/components/PointsPage').then((m) => m.PointsPage), true),
        page(paths.wishes, () => import('../features/account/components/WishesPage').then((m) => m.WishesPage), true),
        page(paths.userPattern, () => import('../features/users/components/UserProfilePage').then((m) => m.UserProfilePage)),
        page(paths.notFound, () => import('../features/errors/components/ErrorPages').then((m) => m.NotFoundPage)),
        page(paths.serverError, () => import('../features/errors/components/ErrorPages').then((m) => m.ServerErrorPage)),
        page(paths.ipError, () => import('../features/errors/components/ErrorPages').then((m) => m.IpErrorPage)),
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
  return createBrowserRouter(routes);
}
