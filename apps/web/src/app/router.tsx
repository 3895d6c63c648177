import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from './paths';
import { Layout } from './Layout';
import { RequireSignIn } from './RequireSignIn';
import { RouteError } from './RouteError';

type Loader = () => Promise<ComponentType>;

/** A lazily loaded page; `guard` keeps guests out of the user centre. */
function page(path: string, load: Loader, guard = false): RouteObject {
  return {
    path,
    lazy: async () => {
      const Page = await load();
      return { Component: guard ? () => <RequireSignIn><Page /></RequireSignIn> : Page };
    },
  };
}

export function createRouter(_client: QueryClient) {
  const routes: RouteObject[] = [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        page(paths.root, () => import('../features/home/components/HomePage').then((m) => m.HomePage)),
        page(paths.home, () => import('../features/home/components/HomePage').then((m) => m.HomePage)),
        page(paths.community, () => import('../features/home/components/ComingSoonPage').then((m) => m.CommunityPage)),
        page(paths.headlines, () => import('../features/home/components/ComingSoonPage').then((m) => m.HeadlinesPage)),
        page(paths.cart, () => import('../features/home/components/ComingSoonPage').then((m) => m.CartPage), true),
        page(paths.messages, () => import('../features/home/components/ComingSoonPage').then((m) => m.MessagesPage), true),
        page(paths.search, () => import('../features/home/components/SearchPage').then((m) => m.SearchPage)),
        page(paths.signIn, () => import('../features/auth/components/SignInPage').then((m) => m.SignInPage)),
        page(paths.signUp, () => import('../features/auth/components/SignUpPage').then((m) => m.SignUpPage)),
        page(paths.passwordReset, () => import('../features/auth/components/PasswordResetPage').then((m) => m.PasswordResetPage)),
        page(paths.unlock, () => import('../features/auth/components/UnlockPage').then((m) => m.UnlockPage)),
        page(paths.security, () => import('../features/account/components/SecurityPage').then((m) => m.SecurityPage), true),
        page(paths.securityAuth, () => import('../features/account/components/SecurityAuthPage').then((m) => m.SecurityAuthPage), true),
        page(paths.profile, () => import('../features/account/components/ProfilePage').then((m) => m.ProfilePage), true),
        page(paths.addresses, () => import('../features/account/components/AddressesPage').then((m) => m.AddressesPage), true),
        page(paths.points, () => import('../features/account/components/PointsPage').then((m) => m.PointsPage), true),
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
