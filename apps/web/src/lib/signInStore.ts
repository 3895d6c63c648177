import { useSyncExternalStore } from 'react';

/** The one global sign-in popup (docs/product/screens.md#sign-in-popup): any 401 opens it, the header opens it too. */
interface SignInState {
  open: boolean;
  /** Where to go after success; undefined: stay on the page (and refetch). */
  returnTo?: string;
}

let state: SignInState = { open: false };
const listeners = new Set<() => void>();

function emit(next: SignInState) {
  state = next;
  for (const l of listeners) l();
}

export function openSignIn(returnTo?: string) {
  if (state.open && state.returnTo === returnTo) return;
  emit({ open: true, returnTo });
}

export function closeSignIn() {
  if (!state.open) return;
  emit({ open: false });
}

export function getSignInState() {
  return state;
}

export function useSignInState(): SignInState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
