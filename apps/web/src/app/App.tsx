import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/queryClient';
import { connectSessionToApi, readSessionEarly } from '../lib/session';
import { createRouter } from './router';

export interface Boot {
  client: QueryClient;
  router: ReturnType<typeof createRouter>;
}

/**
 * The query client and the router, created before the app renders: creating the router starts the first
 * route's code and data (lazy page, prefetching loader) at once, while the language's texts still load; the
 * session is read at the same time, so the first render already knows it.
 */
export function boot(): Boot {
  const client = createQueryClient();
  connectSessionToApi(client);
  void readSessionEarly(client);
  return { client, router: createRouter(client) };
}

export function App({ client, router }: Boot) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
