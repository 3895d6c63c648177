import { tabStore } from './tabStore';

/** The one global sign-in popup (docs/product/screens.md#sign-in-popup): any 401 opens it, the header opens it too. */
interface SignInState {
  open: boolean;
  /** Where to go after success; undefined: stay on the page (and refetch). */
  returnTo?: string;
}

const store = tabStore<SignInState>({ open: false });

export function openSignIn(returnTo?: string) {
  const state = store.get();
  if (state.open && state.returnTo === returnTo) return;
  store.set({ open: true, returnTo });
}

export function closeSignIn() {
  if (!store.get().open) return;
  store.set({ open: false });
}

export function getSignInState() {
  return store.get();
}

export function useSignInState(): SignInState {
  return store.use();
}
