import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { configureApi } from '../lib/api';
import { createQueryClient } from '../lib/queryClient';
import { meKey } from '../lib/session';
import { openSignIn } from '../lib/signInStore';
import { createRouter } from './router';

export function App() {
  const [client] = useState(() => {
    const c = createQueryClient();
    configureApi({
      // Spec §6: any 401 the refresh could not cure opens the sign-in popup; the session is gone.
      onUnauthorized: () => {
        c.setQueryData(meKey, null);
        openSignIn();
      },
    });
    return c;
  });
  const [router] = useState(() => createRouter(client));
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
