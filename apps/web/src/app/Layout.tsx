import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useMe } from '../lib/session';
import { useSignInState } from '../lib/signInStore';
import { Toaster } from '../ui/Toast';
import { Footer } from './Footer';
import { Header } from './Header';

const SignInPopup = lazy(() => import('../features/auth/components/SignInPopup').then((m) => ({ default: m.SignInPopup })));
const AccountPrompts = lazy(() => import('../features/account/components/AccountPrompts').then((m) => ({ default: m.AccountPrompts })));

export function Layout() {
  const { open } = useSignInState();
  const [popupLoaded, setPopupLoaded] = useState(open);
  useEffect(() => {
    if (open) setPopupLoaded(true);
  }, [open]);
  const { data: me } = useMe();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
      <Suspense fallback={null}>
        {popupLoaded ? <SignInPopup /> : null}
        {me ? <AccountPrompts me={me} /> : null}
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
