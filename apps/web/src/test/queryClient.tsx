import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

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
