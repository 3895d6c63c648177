import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { ConversationPage } from './ConversationPage';

configure({ asyncUtilTimeout: 5000 });

const message = (id: number, own: boolean, content: string) => ({
  id, conversation_id: 5, account_id: own ? 1 : 2, kind: 'text', content, relation: { game: null }, own, created_at_timestamp: 1_700_000_000 + id,
});
const history = (messages: ReturnType<typeof message>[], next: number | null) => ({
  status: 200,
  body: { conversation: { id: 5, target: { id: 2, nickname: 'Lumen', avatar_url: null }, unread_count: 0, updated_at_timestamp: 1_700_000_000 }, private_messages: messages, meta: { per: 20, next_before_id: next } },
});


function open() {
  const { wrapper: Wrapper } = testQueryClient();
  const router = createMemoryRouter([
    { path: '/messages/conversations/:id', element: <ConversationPage /> },
    { path: '/messages/conversations', element: <p>the list</p> },
  ], { initialEntries: ['/messages/conversations/5'] });
  render(<Wrapper><RouterProvider router={router} /></Wrapper>);
  return router;
}

describe('ConversationPage', () => {
  it('shows the history oldest first, older pages above on request, sends words to the other account', async () => {
    const fetches = mockFetch({
      'GET /api/conversations/5': [history([message(3, false, 'three'), message(4, true, 'four')], 3), history([message(1, true, 'one')], null)],
      'GET /api/me': [{ status: 200, body: null }],
      'POST /api/private_messages': [{ status: 201, body: { private_message: message(6, true, 'six'), conversation_id: 5 } }],
    });
    open();
    expect(await screen.findByTestId('conversation-target')).toHaveTextContent('Lumen');
    const texts = () => screen.getAllByTestId('message-content').map((m) => m.textContent);
    expect(texts()).toEqual(['three', 'four']);
    await userEvent.click(screen.getByTestId('conversation-older'));
    await screen.findByText('one');
    expect(texts()).toEqual(['one', 'three', 'four']);
    expect(fetches.calls.find((c) => c.url.searchParams.get('before_id'))?.url.searchParams.get('before_id')).toBe('3');
    await userEvent.type(screen.getByTestId('message-text'), 'six');
    await userEvent.click(screen.getByTestId('message-send'));
    await vi.waitFor(() => expect(fetches.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(fetches.calls.find((c) => c.method === 'POST')!.body).toEqual({ target_id: 2, private_message: { kind: 'text', content: 'six' } });
  });

  it('deletes the conversation only after the confirmation, then returns to the list', async () => {
    const fetches = mockFetch({
      'GET /api/conversations/5': [history([message(3, false, 'three')], null)],
      'GET /api/me': [{ status: 200, body: null }],
      'DELETE /api/conversations/5': [{ status: 204 }],
    });
    const router = open();
    await userEvent.click(await screen.findByTestId('conversation-delete'));
    expect(fetches.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('conversation-delete-confirm'));
    expect(await screen.findByText('the list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/conversations');
    expect(fetches.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
