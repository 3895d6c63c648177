import { lazy, Suspense, useEffect, useState } from 'react';
import { isGuideDue } from '@lantern/domain';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useGuideState } from '../lib/guideStore';
import { useLiveConnection } from '../lib/useLiveConnection';
import { useCpsCapture } from '../lib/cps';
import { useMe } from '../lib/session';
import { useSignInState } from '../lib/signInStore';
import { useToasts } from '../ui/toastStore';
import { Header } from './Header';
import { paths } from '../lib/paths';

// The bar checks live events with the contract's schema (zod): loaded once signed in, not on every first page.
// Below every page's fold (the main area is at least a screen tall): its code comes after the first page's.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));
const NotificationBar = lazy(() => import('./NotificationBar').then((m) => ({ default: m.NotificationBar })));
const SignInPopup = lazy(() => import('../features/auth/components/SignInPopup').then((m) => ({ default: m.SignInPopup })));
const Toaster = lazy(() => import('../ui/Toast').then((m) => ({ default: m.Toaster })));
// The beginners' guide is a chunk of its own, loaded only for an account due to see it or replaying it.
const GuideOverlay = lazy(() => import('../features/guide/components/GuideOverlay'));
const AccountPrompts = lazy(() => import('../features/user-center/components/AccountPrompts').then((m) => ({ default: m.AccountPrompts })));

export function Layout() {
  const { open } = useSignInState();
  const [popupLoaded, setPopupLoaded] = useState(open);
  useEffect(() => {
    if (open) setPopupLoaded(true);
  }, [open]);
  const { data: me } = useMe();
  const guide = useGuideState();
  const { pathname } = useLocation();
  // Once per account after sign-up, or replayed from the user menu (docs/product/screens.md#guide); never over
  // the sign-in popup or pages, nor for an account the minimum age signs out.
  const showGuide =
    !!me && me.safrv !== 'strong' && !open && pathname !== paths.signIn && pathname !== paths.signUp && (guide.replaying || (!guide.closed && isGuideDue(me.configs)));
  // The tab's live stream: open while signed in, closed on sign-out (docs/product/messaging.md#live-push).
  useLiveConnection(me?.id ?? null);
  // A link carrying a distribution code attributes this visitor's orders to its sharer (docs/product/distribution.md).
  useCpsCapture(me?.id ?? null);
  // The toast renderer (Radix) loads with the first toast and then stays.
  const toasts = useToasts();
  const [toasterLoaded, setToasterLoaded] = useState(toasts.length > 0);
  useEffect(() => {
    if (toasts.length > 0) setToasterLoaded(true);
  }, [toasts.length]);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      {/* At least a screen tall: while a page loads its content, the footer stays below the fold instead of
          being pushed down (a layout shift) when the content arrives. */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>{me ? <NotificationBar /> : null}</Suspense>
      {/* Separate boundaries: one overlay loading its code never hides another that is open. */}
      <Suspense fallback={null}>{toasterLoaded ? <Toaster /> : null}</Suspense>
      <Suspense fallback={null}>{popupLoaded ? <SignInPopup /> : null}</Suspense>
      <Suspense fallback={null}>{me ? <AccountPrompts me={me} guideOpen={showGuide} /> : null}</Suspense>
      <Suspense fallback={null}>{showGuide ? <GuideOverlay me={me} /> : null}</Suspense>
      {/* Positions are kept per history entry; a page opened by its address (a typed URL, a link from outside) is
          every tab's first entry, which React Router keys "default" whatever the page: keyed by its address
          instead, it opens at the top rather than where another page's first entry was left. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key)} />
    </div>
  );
}
