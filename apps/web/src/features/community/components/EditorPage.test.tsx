import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { toast } from '../../../ui/toastStore';
import { EditorPage } from './EditorPage';

// Each step waits on a mocked fetch and a re-render (and the editor's lazily loaded chunk).
configure({ asyncUtilTimeout: 5000 });

const draft = (over: Record<string, unknown> = {}) => ({
  id: 70, group_id: 4, group: { id: 4, name: { en: 'Lantern Tales', chs: '灯笼物语' } }, type: 'Review', status: 'draft', is_long: false,
  title: '', content: '', score: null, recommend: null, tag_id: null, updated_at_timestamp: 1_790_000_000, ...over,
});
const me = (responsibility: 'pending' | 'acknowledged') => ({
  id: 9, nickname: 'me', platforms: [], is_mute: false, unmute_at_timestamp: null,
  configs: [{ kind: 'upload', key: 'water_mark', value: 'close' }, { kind: 'community', key: 'responsibility', value: responsibility }],
});

function setup(url: string, account = me('pending')) {
  const { client, wrapper: Wrapper } = testQueryClient();
  client.setQueryData(queryKeys.me.all, account);
  const router = createMemoryRouter(
    [
      { path: '/community/groups/:id/write', element: <EditorPage /> },
      { path: '/community/groups/:id', element: <p>the group page</p> },
      { path: '/posts/:id', element: <p>the post page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return { user: userEvent.setup(), router };
}


describe('EditorPage: the responsibility declaration before a first review', () => {
  it('asks before the first review, with "unbound temporarily" when no Steam account is bound, and records "I have got it"', async () => {
    const f = mockFetch({
      'GET /api/posts/new': [{ status: 200, body: { draft: draft() } }],
      'PATCH /api/me': [{ status: 200, body: me('acknowledged') }],
    });
    const { user } = setup('/community/groups/4/write?type=Review');
    const dialog = await screen.findByRole('dialog', { name: 'Responsibility declaration' });
    expect(within(dialog).getByRole('button', { name: 'Unbound temporarily' })).toBeInTheDocument();
    expect(screen.queryByTestId('post-editor')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'I have got it' }));
    expect(await screen.findByTestId('post-editor')).toBeInTheDocument();
    await waitFor(() => expect(f.count('PATCH /api/me')).toBe(1));
    expect(f.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ account: { responsibility_acknowledged: true } });
  });

  it('lets "unbound temporarily" write this once without recording it', async () => {
    const f = mockFetch({ 'GET /api/posts/new': [{ status: 200, body: { draft: draft() } }] });
    const first = setup('/community/groups/4/write?type=Review');
    await first.user.click(await screen.findByRole('button', { name: 'Unbound temporarily' }));
    expect(await screen.findByTestId('post-editor')).toBeInTheDocument();
    expect(f.count('PATCH /api/me')).toBe(0);
  });

  it('asks nothing of a member who acknowledged it', async () => {
    mockFetch({ 'GET /api/posts/new': [{ status: 200, body: { draft: draft() } }] });
    setup('/community/groups/4/write?type=Review', me('acknowledged'));
    expect(await screen.findByTestId('post-editor')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing before a post', async () => {
    mockFetch({ 'GET /api/posts/new': [{ status: 200, body: { draft: draft({ type: 'Post' }) } }] });
    setup('/community/groups/4/write?type=Post');
    expect(await screen.findByTestId('post-editor')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes back to the group when dismissed without an answer', async () => {
    mockFetch({ 'GET /api/posts/new': [{ status: 200, body: { draft: draft() } }] });
    const { user } = setup('/community/groups/4/write?type=Review');
    await screen.findByRole('dialog', { name: 'Responsibility declaration' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('the group page')).toBeInTheDocument();
  });
});

describe('EditorPage: leaving with unsaved text, and refusals', () => {
  const article = () => ({ 'GET /api/posts/new': [{ status: 200, body: { draft: draft({ type: 'Post', is_long: true }) } }] });

  it('asks continue or give up before leaving with unsaved text; continue stays, give up leaves', async () => {
    mockFetch(article());
    const { user } = setup('/community/groups/4/write?type=Post&long=1');
    await user.type(await screen.findByTestId('post-title'), 'A title not saved');
    await user.click(screen.getByRole('link', { name: 'Lantern Tales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('post-title')).toHaveValue('A title not saved');
    await user.click(screen.getByRole('link', { name: 'Lantern Tales' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Give up' }));
    expect(await screen.findByText('the group page')).toBeInTheDocument();
  });

  it('leaves without asking once the text is saved', async () => {
    mockFetch({ ...article(), 'PATCH /api/drafts/70': [{ status: 200, body: { draft: draft({ type: 'Post', is_long: true, title: 'Saved title' }), post: null } }] });
    const { user } = setup('/community/groups/4/write?type=Post&long=1');
    await user.type(await screen.findByTestId('post-title'), 'Saved title');
    await user.click(screen.getByTestId('post-save-draft'));
    await waitFor(() => expect(screen.getByTestId('post-save-draft')).not.toBeDisabled());
    await user.click(screen.getByRole('link', { name: 'Lantern Tales' }));
    expect(await screen.findByText('the group page')).toBeInTheDocument();
  });

  it('opens the mute dialog on a muted publish and the rate-limit text when throttled', async () => {
    mockFetch({
      ...article(),
      'PATCH /api/drafts/70': [
        { status: 403, body: { errors: { base: ['is_mute'] }, meta: { unmute_at_timestamp: 1_900_000_000 } } },
        { status: 429, body: { errors: { base: ['rate_limit'] } } },
      ],
    });
    const fail = vi.spyOn(toast, 'fail');
    const { user } = setup('/community/groups/4/write?type=Post&long=1');
    await user.click(await screen.findByTestId('post-publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Posting is unavailable' });
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await user.click(screen.getByTestId('post-save-draft'));
    await waitFor(() => expect(fail).toHaveBeenCalledWith('You are doing that too often. Please wait a moment and try again.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
