import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/queryClient';
import { connectSessionToApi } from '../lib/session';
import { createRouter } from './router';

export function App() {
  const [client] = useState(() => {
    const c = createQueryClient();
    connectSessionToApi(c);
    return c;
  });
  const [router] = useState(() => createRouter(client));
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
