import { useEffect } from 'react';

/**
 * /third_party/login/success (docs/product/linked-accounts.md#launcher): the game launcher opens sign-in in a window of its
 * own; when it ends here, the page reloads the window that opened it and closes itself, or, shown in a frame
 * without an opener, reloads the top window. It shows nothing; opened directly it does nothing.
 */
export function LauncherLoginSuccessPage() {
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      try {
        opener.location.reload();
      } finally {
        window.close();
      }
      return;
    }
    // Only a framed page reloads its top window: a page that is itself the top would reload forever.
    if (window.top && window.top !== window) window.top.location.reload();
  }, []);
  return null;
}
