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
