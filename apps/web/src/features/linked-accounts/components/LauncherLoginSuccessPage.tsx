import { useEffect } from 'react';

type LauncherWindow = { opener: { closed: boolean; location: { reload(): void } } | null; top: { location: { reload(): void } } | null; close(): void };

/**
 * What the page does: reload the window that opened it and close itself; or, shown in a frame without an opener,
 * reload the top window; opened on its own, nothing (a top window reloading itself would never stop).
 */
export function finishLauncherSignIn(win: LauncherWindow): 'opener' | 'top' | 'none' {
  if (win.opener && !win.opener.closed) {
    try {
      win.opener.location.reload();
    } finally {
      win.close();
    }
    return 'opener';
  }
  if (win.top && win.top !== (win as unknown)) {
    win.top.location.reload();
    return 'top';
  }
  return 'none';
}

/**
 * /third_party/login/success (docs/product/linked-accounts.md#launcher): the game launcher opens sign-in in a window of its
 * own and ends it here. The page shows nothing.
 */
export function LauncherLoginSuccessPage() {
  useEffect(() => {
    finishLauncherSignIn(window as unknown as LauncherWindow);
  }, []);
  return null;
}
