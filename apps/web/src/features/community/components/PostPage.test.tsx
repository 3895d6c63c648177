import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSignIn, getSignInState } from '../../../lib/signInStore';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { sendReport } from '../../../test/reports';
import { PostPage } from './PostPage';

configure({ asyncUtilTimeout: 5000 });

const post = (own: boolean, moderation_state: 'published' | 'pending' | 'hidden' = 'published') => ({
  id: 7, account_id: own ? 9 : 2, author: { id: own ? 9 : 2, nickname: own ? 'me' : 'alice', avatar_url: null, title: null }, group_id: 4,
  group: { id: 4, name: { en: 'Lantern Tales', chs: '灯笼物语' } }, type: 'Review', is_long: false, title: '', content: '<p>Great river level</p>',
  excerpt: 'Great river level', tag_id: null, sticky_sequence: 0, locked: false, featured: false, score: 5, recommend: null, playtime_hours: 3,
  bought_here: true, sku_id: null, area: 'abroad', likes_count: 2, comments_count: 0, official_comment: null, own, moderation_state,
  created_at_timestamp: 1_790_000_000, updated_at_timestamp: 1_790_000_000, published_at_timestamp: 1_790_000_000,
});
const noComments = { status: 200, body: { comments: [], commentable: { likes_count: 2, dislikes_count: 0, comments_count: 0, like_type: null }, meta: { total_count: 0, page: 1, per: 10 } } };

const setup = (me: { id: number } | null) => renderPage('/posts/:id', <PostPage />, '/posts/7', me);

afterEach(closeSignIn);

describe('PostPage: report', () => {
  it('reports someone else\'s review as a `post` and toasts the success', async () => {
    const f = mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(false) } }], 'GET /api/comments': [noComments], 'POST /api/reports': [{ status: 201, body: { report: { id: 3 } } }] });
    const { user } = setup({ id: 9 });
    const page = await screen.findByTestId('post-page');
    await user.click(within(page).getAllByRole('button', { name: 'Report' })[0]!);
    // The dialog names what is reported and quotes it with its author.
    await sendReport(user, { title: 'Report this review', quote: '“Great river level” by alice', reason: 'Off topic' });
    expect(f.calls.find((c) => c.method === 'POST')!.body).toEqual({ report: { target_type: 'post', target_id: 7, reason: 'off_topic' } });
  });

  it('offers the author edit and delete instead of "report"', async () => {
    mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(true) } }], 'GET /api/comments': [noComments] });
    setup({ id: 9 });
    expect(await screen.findByTestId('post-delete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('opens the sign-in popup for a guest\'s report', async () => {
    mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(false) } }], 'GET /api/comments': [noComments] });
    const { user } = setup(null);
    await user.click((await screen.findAllByRole('button', { name: 'Report' }))[0]!);
    expect(getSignInState().open).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** Opens the viewer's own post in moderation `state` and checks the notice it shows; answers the fetch mock. */
async function openOwnPost(state: 'pending' | 'hidden', notice: string) {
  const f = mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(true, state) } }] });
  setup({ id: 9 });
  expect(await screen.findByTestId('post-moderation-state')).toHaveTextContent(notice);
  return f;
}

describe('PostPage: pending and hidden', () => {
  it('tells the author their post waits for review, offers edit and delete, and shows no thread', async () => {
    const f = await openOwnPost('pending', 'Waiting for review: only you and the moderators can see it until it is approved');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByTestId('post-delete')).toBeInTheDocument();
    expect(f.count('GET /api/comments')).toBe(0);
    expect(screen.getByText(/^Sent .+, not published yet/)).toBeInTheDocument();
  });

  it('tells the author moderators hid their post, offers only delete, and shows no thread', async () => {
    const f = await openOwnPost('hidden', 'Hidden by moderators: only you and the moderators can see it');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByTestId('post-delete')).toBeInTheDocument();
    expect(f.count('GET /api/comments')).toBe(0);
  });

  it('shows a published post without a notice', async () => {
    mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(false) } }], 'GET /api/comments': [noComments] });
    setup({ id: 9 });
    await screen.findByTestId('post-page');
    expect(screen.queryByTestId('post-moderation-state')).toBeNull();
  });
});

describe('PostPage: an author the viewer blocked (docs/product/people.md#direct-links)', () => {
  it('opens with a notice instead of the review, its thread and its title; "Show anyway" reveals them', async () => {
    const f = mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(false), author_blocked: true } }], 'GET /api/comments': [noComments] });
    const { user } = setup({ id: 9 });
    const notice = await screen.findByRole('region', { name: 'You blocked alice' });
    expect(notice).toHaveTextContent('This review is hidden.');
    expect(within(notice).getByRole('link', { name: 'Manage your block list' })).toHaveAttribute('href', '/user_center/block_list');
    expect(screen.queryByText('Great river level')).toBeNull();
    expect(document.title).not.toContain('Great river level');
    expect(f.count('GET /api/comments')).toBe(0);

    await user.click(within(notice).getByRole('button', { name: 'Show anyway' }));
    expect(await screen.findByText('Great river level')).toBeInTheDocument();
    expect(screen.queryByTestId('blocked-author-notice')).toBeNull();
    // Focus goes to the post, not lost with the button that was clicked.
    expect(screen.getByTestId('post-page')).toHaveFocus();
    await waitFor(() => expect(f.count('GET /api/comments')).toBe(1));
  });

  it('shows the post as it is when its author is not blocked', async () => {
    mockFetch({ 'GET /api/posts/7': [{ status: 200, body: { post: post(false), author_blocked: false } }], 'GET /api/comments': [noComments] });
    setup({ id: 9 });
    expect(await screen.findByText('Great river level')).toBeInTheDocument();
    expect(screen.queryByTestId('blocked-author-notice')).toBeNull();
  });
});

describe('PostPage: a post that is not there', () => {
  it.each([404, 410])('shows the not-found page for a %i, with no retry', async (status) => {
    mockFetch({ 'GET /api/posts/7': [{ status, body: { errors: { base: ['not_found'] } } }] });
    setup(null);
    expect(await screen.findByTestId('page-404')).toHaveTextContent('This page wandered off');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the server error page when the server fails, not "retry"', async () => {
    mockFetch({ 'GET /api/posts/7': [{ status: 500, body: { errors: { base: ['server_error'] } } }] });
    setup(null);
    expect(await screen.findByTestId('page-500')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
