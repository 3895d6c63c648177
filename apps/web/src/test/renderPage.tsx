import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryKeys } from '../lib/query-keys';
import { testQueryClient } from './queryClient';

/**
 * Renders a page at `path` under its route `pattern` (so it reads its params as in the app), with a fresh query
 * client whose signed-in account is `me` (null: a guest). Answers the user-event session to act with.
 */
export function renderPage(pattern: string, page: ReactElement, path: string, me: { id: number } | null) {
  const { client, wrapper: Wrapper } = testQueryClient();
  client.setQueryData(queryKeys.me.all, me);
  const router = createMemoryRouter([{ path: pattern, element: page }], { initialEntries: [path] });
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return { user: userEvent.setup(), client };
}
