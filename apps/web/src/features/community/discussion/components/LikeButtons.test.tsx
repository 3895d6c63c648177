import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../../lib/query-keys';
import { closeSignIn, getSignInState } from '../../../../lib/signInStore';
import { mockFetch } from '../../../../test/fetchMock';
import { testQueryClient } from '../../../../test/queryClient';
import { toast } from '../../../../ui/toastStore';
import { LikeButtons } from './LikeButtons';

// Each step waits on a mocked fetch and a re-render; on a busy machine (the whole suite in parallel) that can
// outlast the default second.
configure({ asyncUtilTimeout: 5000 });

function setup(me: { id: number } | null, initial = { likes_count: 3, dislikes_count: 1, like_type: null as 1 | 2 | null }) {
  const { client, wrapper: Wrapper } = testQueryClient();
  client.setQueryData(queryKeys.me.all, me);
  render(
    <MemoryRouter>
      <Wrapper>
        <LikeButtons type="Post" id={7} initial={initial} />
      </Wrapper>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), like: screen.getByRole('button', { name: /^Like/ }), dislike: screen.getByRole('button', { name: /^Dislike/ }) };
}

const answer = (likes: number, dislikes: number, type: 1 | 2 | null) => ({
  status: 200,
  body: { like: { accessible_type: 'Post', accessible_id: 7, likes_count: likes, dislikes_count: dislikes, comments_count: 0, like_type: type } },
});

describe('LikeButtons', () => {
  afterEach(closeSignIn);

  it('likes at once, then switches to a dislike moving both counts, then cancels — sending the state wanted', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const f = mockFetch({ 'POST /api/like': [async () => (await held, answer(4, 1, 1)), answer(3, 2, 2), answer(3, 1, null)] });
    const success = vi.spyOn(toast, 'success');
    const { user, like, dislike } = setup({ id: 1 });
    await user.click(like);
    // Optimistic: shown before the server answered.
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveTextContent('4');
    release();
    await waitFor(() => expect(like).not.toBeDisabled());
    await user.click(dislike);
    await waitFor(() => expect(dislike).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent('3');
    expect(dislike).toHaveTextContent('2');
    await waitFor(() => expect(dislike).not.toBeDisabled());
    await user.click(dislike);
    await waitFor(() => expect(dislike).toHaveAttribute('aria-pressed', 'false'));
    expect(dislike).toHaveTextContent('1');
    expect(f.calls.map((c) => (c.body as { like: { type: unknown } }).like.type)).toEqual([1, 2, null]);
    // The like is confirmed in words once; the dislike and the cancel are not.
    expect(success.mock.calls).toEqual([['Liked']]);
    expect(f.calls[0]!.body).toEqual({ like: { accessible_type: 'Post', accessible_id: 7, type: 1 } });
  });

  it('rolls back when the server refuses, and says "already liked"', async () => {
    mockFetch({ 'POST /api/like': [{ status: 400, body: { errors: { account_id: ['taken'] } } }] });
    const fail = vi.spyOn(toast, 'fail');
    const { user, like } = setup({ id: 1 });
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(like).toHaveTextContent('3');
    expect(fail).toHaveBeenCalledWith('You had liked this post');
  });

  it('rolls back and opens the mute dialog on a warn ban, and says the rate-limit text when throttled', async () => {
    mockFetch({ 'POST /api/like': [{ status: 403, body: { errors: { base: ['banned'] } } }, { status: 429, body: { errors: { base: ['rate_limit'] } } }] });
    const fail = vi.spyOn(toast, 'fail');
    const { user, like } = setup({ id: 1 });
    await user.click(like);
    const dialog = await screen.findByRole('dialog', { name: 'Posting is unavailable' });
    expect(like).toHaveTextContent('3');
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await user.click(like);
    await waitFor(() => expect(fail).toHaveBeenCalledWith('You are doing that too often. Please wait a moment and try again.'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens the sign-in popup for a guest and sends nothing', async () => {
    const f = mockFetch({});
    const { user, like } = setup(null);
    await user.click(like);
    expect(getSignInState().open).toBe(true);
    expect(f.calls).toHaveLength(0);
    expect(like).toHaveTextContent('3');
  });
});
