import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emitLiveEvent } from '../../../lib/live';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { ConversationsPage } from './ConversationsPage';

configure({ asyncUtilTimeout: 5000 });

const conversation = (id: number, unread: number, content = `hello ${id}`) => ({
  id, unread_count: unread, updated_at_timestamp: 1_700_000_000 + id,
  target: { id: 100 + id, nickname: `Friend${id}`, avatar_url: null },
  message: { id: 1000 + id, conversation_id: id, account_id: 100 + id, kind: 'text', content, relation: { game: null }, own: false, created_at_timestamp: 1_700_000_000 + id },
});
const page = (ids: number[]) => ({ status: 200, body: { conversations: ids.map((id) => conversation(id, id % 3)), meta: { page: 1, per: 10 } } });


function open() {
  const { wrapper: Wrapper } = testQueryClient();
  const router = createMemoryRouter([{ path: '/messages/conversations', element: <ConversationsPage /> }], { initialEntries: ['/messages/conversations'] });
  render(<Wrapper><RouterProvider router={router} /></Wrapper>);
}

describe('ConversationsPage', () => {
  it('lists conversations with their unread counts, loads the next page until one brings fewer than 10', async () => {
    const fetches = mockFetch({ 'GET /api/conversations': [page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), page([11])] });
    open();
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows).toHaveLength(10);
    expect(within(rows[1]!).getByTestId('conversation-unread')).toHaveTextContent('2');
    expect(within(rows[2]!).queryByTestId('conversation-unread')).toBeNull();
    expect(rows[0]).toHaveAttribute('href', '/messages/conversations/1');
    await userEvent.click(screen.getByTestId('conversations-more'));
    expect(await screen.findByText('Friend11')).toBeInTheDocument();
    expect(screen.queryByTestId('conversations-more')).toBeNull();
    expect(fetches.calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('refreshes the list when a private message arrives on the live stream', async () => {
    const fetches = mockFetch({ 'GET /api/conversations': [page([1]), { status: 200, body: { conversations: [conversation(2, 1, 'just now'), conversation(1, 1)], meta: { page: 1, per: 10 } } }] });
    open();
    expect(await screen.findAllByTestId('conversation-row')).toHaveLength(1);
    emitLiveEvent('private_message', { action: 'sent', conversation_id: 2 });
    expect(await screen.findByText('just now')).toBeInTheDocument();
    expect(fetches.calls).toHaveLength(2);
  });

  it('names what was shared by its kind: a hoodie is merch, a DLC a game, one no longer sold an item', async () => {
    const shared = (id: number, game: { kind: string; name: string } | null) => ({
      ...conversation(id, 0),
      message: { ...conversation(id, 0).message, kind: 'game', content: '', relation: { game: game && { id: 500 + id, kind: game.kind, sku_names: { en: game.name, chs: game.name } } } },
    });
    mockFetch({ 'GET /api/conversations': [{ status: 200, body: { conversations: [shared(1, { kind: 'peripheral', name: 'Lantern Hoodie' }), shared(2, { kind: 'dlc', name: 'Tales: Winter' }), shared(3, null)], meta: { page: 1, per: 10 } } }] });
    open();
    const last = (await screen.findAllByTestId('conversation-last')).map((x) => x.textContent);
    expect(last).toEqual(['[Merch] · Lantern Hoodie', '[Game] · Tales: Winter', '[Item]']);
  });
});
