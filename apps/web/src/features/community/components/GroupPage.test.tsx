import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { toast } from '../../../ui/toastStore';
import { GroupPage } from './GroupPage';

configure({ asyncUtilTimeout: 5000 });

const group = {
  id: 4, group_id: 4, product_id: 11, name: { en: 'Lantern Tales', chs: '灯笼物语' }, summary: { en: 'A game', chs: '一款游戏' }, community_game: null,
  group_skus: [], users_count: 10, posts_count: 0, reviews_count: 0, scores_count: 0, percent: null, joined: false,
  evaluation: { distribution: [0, 0, 0, 0, 0], reviews_count: 0, positive_count: 0, percent: null, average: null }, ranks: [], achievements: [], achievements_available: false, moderators: [],
};


describe('GroupPage: joining', () => {
  it('opens the mute dialog on a warn ban, and the rate-limit text when throttled, leaving the group unjoined', async () => {
    mockFetch({
      'GET /api/groups/4': [{ status: 200, body: group }],
      'GET /api/search/posts': [{ status: 200, body: { posts: [], meta: { total_count: 0, page: 1, per: 7 } } }],
      'GET /api/groups/4/contributors': [{ status: 200, body: { contributors: [], meta: { total_count: 0, page: 1, per: 20 } } }],
      'POST /api/groups/4/join': [{ status: 403, body: { errors: { base: ['banned'] } } }, { status: 429, body: { errors: { base: ['access_wait'] } } }],
    });
    const fail = vi.spyOn(toast, 'fail');
    const { client, wrapper: Wrapper } = testQueryClient();
    client.setQueryData(queryKeys.me.all, { id: 9 });
    const router = createMemoryRouter([{ path: '/community/groups/:id', element: <GroupPage /> }], { initialEntries: ['/community/groups/4'] });
    render(<Wrapper><RouterProvider router={router} /></Wrapper>);
    const user = userEvent.setup();
    const join = await screen.findByTestId('group-join');
    await user.click(join);
    const dialog = await screen.findByRole('dialog', { name: 'Posting is unavailable' });
    expect(fail).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await user.click(join);
    await waitFor(() => expect(fail).toHaveBeenCalledWith('You are doing that too often. Please wait a moment and try again.'));
    expect(join).toHaveAttribute('aria-pressed', 'false');
  });
});
