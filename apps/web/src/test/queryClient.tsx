import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi, type Mock } from 'vitest';

/**
 * A query client for a hook under test, and the provider that hands it to the hook. Retries are off so a
 * refused call fails at once, as the app's own client does for writes.
 */
export function testQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  /** Whether the query under `key` has been marked stale by an invalidation since it was stored. */
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, wrapper, invalidated };
}

interface Mutation<V> {
  mutate: (variables: V) => void;
  isSuccess: boolean;
  isError: boolean;
}

/**
 * Runs a write hook (one taking `{ onSuccess, onError }`) once with `variables` on a fresh test client that `seed`
 * fills first, and waits until it has succeeded or failed: the hook's result, its callbacks as mocks, the client.
 */
export async function settleMutation<V>(
  useWrite: (callbacks: { onSuccess: Mock; onError: Mock }) => Mutation<V>,
  variables: V,
  seed: (client: QueryClient) => void,
) {
  const test = testQueryClient();
  seed(test.client);
  const callbacks = { onSuccess: vi.fn(), onError: vi.fn() };
  const { result } = renderHook(() => useWrite(callbacks), { wrapper: test.wrapper });
  act(() => result.current.mutate(variables));
  await waitFor(() => expect(result.current.isSuccess || result.current.isError).toBe(true));
  return { ...test, ...callbacks, result: result.current };
}
