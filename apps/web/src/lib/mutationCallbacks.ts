import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/**
 * What a component does once a write has answered: toasts, closing a dialog, moving on. A mutation hook
 * does its own cache work first (it owns which queries the write changes), then calls these.
 *
 * They are hook options rather than `mutate(…, callbacks)`, because TanStack Query runs `mutate`'s callbacks
 * only for the latest call of a still-mounted component: two rows removed in quick succession must both
 * get their toast.
 */
export interface MutationCallbacks<TData, TVariables = void> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  onSettled?: () => void;
}

/** The cache work a write hook owns, each run after the component's callback of the same moment. */
export interface WriteEffects<TData, TVariables> {
  succeeded?: (client: QueryClient, data: TData, variables: TVariables) => unknown;
  refused?: (client: QueryClient, variables: TVariables) => unknown;
  /** Before the component's onSettled, whatever the answer. */
  settled?: (client: QueryClient) => unknown;
  /** A 401 has opened the sign-in popup already: it is not passed on, and `refused` does not run. */
  quietUnauthorized?: boolean;
}

/** A write hook: the write, then at each answer the component's callback and after it the hook's own cache work (`effects`). */
export function useWrite<TData, TVariables>(write: (variables: TVariables) => Promise<TData>, callbacks: MutationCallbacks<TData, TVariables>, effects: WriteEffects<TData, TVariables>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data: TData, variables: TVariables) => {
      callbacks.onSuccess?.(data, variables);
      void effects.succeeded?.(client, data, variables);
    },
    onError: (e: unknown, variables: TVariables) => {
      if (effects.quietUnauthorized && isApiError(e) && e.status === 401) return;
      callbacks.onError?.(e, variables);
      void effects.refused?.(client, variables);
    },
    onSettled: () => {
      void effects.settled?.(client);
      callbacks.onSettled?.();
    },
  });
}
