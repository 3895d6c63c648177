import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { PeopleActions } from './PeopleActions';

configure({ asyncUtilTimeout: 5000 });

const state = (s: Partial<{ following: boolean; followers_count: number; blocked: boolean; can_follow: boolean }> = {}) => ({
  status: 200,
  body: { account_id: 9, following: false, followers_count: 2, blocked: false, can_follow: true, ...s },
});

function setup(me: { id: number } | null) {
  const { client, wrapper: Wrapper } = testQueryClient();
  client.setQueryData(queryKeys.me.all, me);
  render(
    <MemoryRouter>
      <Wrapper>
        <PeopleActions id="9" />
      </Wrapper>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('PeopleActions (docs/product/people.md#follows)', () => {

  it('follows and unfollows, showing the server\'s follower count', async () => {
    const f = mockFetch({
      'GET /api/users/9/follow': [state()],
      'POST /api/accounts/9/friends': [{ status: 200, body: { follow: { account_id: 9, following: true, followers_count: 3 } } }],
      'DELETE /api/users/9/follow': [{ status: 200, body: { follow: { account_id: 9, following: false, followers_count: 2 } } }],
      'GET /api/talks': [{ status: 200, body: { talks: [], meta: { per: 10, next_before_id: null } } }],
    });
    const user = setup({ id: 1 });
    const button = await screen.findByTestId('follow-button');
    expect(button).toHaveTextContent(/^Follow$/);
    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent(/^Following$/));
    expect(screen.getByTestId('followers-count')).toHaveTextContent('3 followers');
    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent(/^Follow$/));
    expect(f.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/accounts/9/friends', 'DELETE /api/users/9/follow']);
  });

  it('blocks after a confirmation with a POST to the block list, and hides Follow across the block', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const f = mockFetch({
      'GET /api/users/9/follow': [state(), state({ blocked: true, can_follow: false, followers_count: 1 })],
      'POST /blacklist/add': [{ status: 200, body: { code: 200, data: { blockAccountId: 9, message: 'blocked' }, errorMsg: null } }],
    });
    const user = setup({ id: 1 });
    await user.click(await screen.findByTestId('block-button'));
    await waitFor(() => expect(screen.getByTestId('block-button')).toHaveTextContent(/^Unblock$/));
    expect(screen.queryByTestId('follow-button')).toBeNull();
    expect(f.calls.find((c) => c.method === 'POST')?.body).toEqual({ blockAccountId: 9 });
  });

  it('disables Follow for a signed-in viewer the other person blocked', async () => {
    mockFetch({ 'GET /api/users/9/follow': [state({ can_follow: false })] });
    setup({ id: 1 });
    expect(await screen.findByTestId('follow-button')).toBeDisabled();
  });
});
