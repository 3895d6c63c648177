import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { toast } from '../../../ui/toastStore';
import { PostPage } from '../components/PostPage';

configure({ asyncUtilTimeout: 5000 });

/** Someone else's post (author 2) in group 4; the viewer is account 9. */
const post = (over: Record<string, unknown> = {}) => ({
  id: 7, account_id: 2, author: { id: 2, nickname: 'alice', avatar_url: null, title: null }, group_id: 4,
  group: { id: 4, name: { en: 'Lantern Tales', chs: '灯笼物语' } }, type: 'Post', is_long: false, title: 'Gold for sale', content: '<p>Cheap gold</p>',
  excerpt: 'Cheap gold', tag_id: null, sticky_sequence: 0, locked: false, featured: false, score: null, recommend: null, playtime_hours: null,
  bought_here: false, sku_id: null, area: 'abroad', likes_count: 0, comments_count: 0, official_comment: null, own: false, moderation_state: 'published',
  created_at_timestamp: 1_790_000_000, updated_at_timestamp: 1_790_000_000, published_at_timestamp: 1_790_000_000, ...over,
});
const noComments = { status: 200, body: { comments: [], commentable: { likes_count: 0, dislikes_count: 0, comments_count: 0, like_type: null }, meta: { total_count: 0, page: 1, per: 10 } } };
const pagePost = (over?: Record<string, unknown>) => [{ status: 200, body: { post: post(over), author_blocked: false } }];
/** The viewer as GET /api/me answers: the permissions are the server's word. */
const viewer = (permissions: string[]) => ({ id: 9, permissions });
const setup = (permissions: string[]) => renderPage('/posts/:id', <PostPage />, '/posts/7', viewer(permissions));

const openMenu = async (user: ReturnType<typeof setup>['user']) => {
  await user.click(await screen.findByTestId('moderation-menu'));
  return screen.findByRole('menu');
};
const itemNames = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((i) => i.textContent);


describe('the moderation menu by permission', () => {
  it('is not there for a reader or an editor', async () => {
    for (const permissions of [[], ['api_all_headline']]) {
      mockFetch({ 'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments] });
      setup(permissions);
      expect(await screen.findByTestId('post-page')).toBeInTheDocument();
      expect(screen.queryByTestId('moderation-menu')).toBeNull();
      cleanup();
    }
  });

  it('gives a group admin pin, lock and the official reply, and nothing that hides or mutes', async () => {
    mockFetch({ 'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments] });
    const { user } = setup(['api_all_group']);
    expect(itemNames(await openMenu(user))).toEqual(['Pin to the top', 'Lock comments', 'Official reply']);
  });

  it('offers unpin and unlock on a pinned, locked post', async () => {
    mockFetch({ 'GET /api/posts/7': pagePost({ sticky_sequence: 3, locked: true }), 'GET /api/comments': [noComments] });
    const { user } = setup(['api_all_group']);
    expect(itemNames(await openMenu(user))).toEqual(['Unpin', 'Unlock comments', 'Official reply']);
  });

  it('gives staff every action, and only unhide and mute on a hidden post', async () => {
    mockFetch({ 'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments] });
    const { user } = setup(['api_all_headline', 'api_all_group', 'api_staff']);
    expect(itemNames(await openMenu(user))).toEqual(['Pin to the top', 'Lock comments', 'Official reply', 'Hide', 'Delete for good', 'Mute the author']);
    cleanup();
    mockFetch({ 'GET /api/posts/7': pagePost({ moderation_state: 'hidden' }) });
    const hidden = setup(['api_all_group', 'api_staff']);
    expect(itemNames(await openMenu(hidden.user))).toEqual(['Unhide', 'Mute the author']);
  });
});

describe('the moderation menu acting', () => {
  it('pins through the group call and says so', async () => {
    const f = mockFetch({ 'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments], 'PATCH /api/groups/4/posts/7': [{ status: 200, body: { post: post({ sticky_sequence: 1 }) } }] });
    const success = vi.spyOn(toast, 'success');
    const { user } = setup(['api_all_group']);
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Pin to the top' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Pinned'));
    expect(f.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ post: { sticky_sequence: 1 } });
  });

  it('asks before hiding, then hides and says the reports are resolved', async () => {
    const f = mockFetch({
      'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments],
      'POST /api/admin/content/post/7/hide': [{ status: 200, body: { type: 'post', id: 7, action: 'hide', resolved_report_ids: [5] } }],
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = setup(['api_all_group', 'api_staff']);
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this?' });
    expect(dialog).toHaveTextContent('the post by alice');
    expect(f.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Hidden; its reports are resolved'));
  });

  it('mutes the author for the length and reason chosen', async () => {
    const f = mockFetch({
      'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments],
      'POST /api/admin/accounts/2/mute': [{ status: 200, body: { account_id: 2, is_mute: true, unmute_at_timestamp: 1_790_086_400 } }],
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = setup(['api_staff']);
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Mute the author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute the author' });
    const confirm = within(dialog).getByTestId('mute-confirm');
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('How long'), '30');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Selling gold');
    await user.click(confirm);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The author is muted'));
    expect(f.calls.find((c) => c.url.pathname.endsWith('/mute'))!.body).toEqual({ mute: { days: 30, reason: 'Selling gold' } });
  });
});

describe('the moderation menu of a group moderator', () => {
  const setupModerator = (groups: number[]) => renderPage('/posts/:id', <PostPage />, '/posts/7', { id: 9, permissions: [], moderated_group_ids: groups } as { id: number });

  it('offers a moderator of the post\'s group arranging, hiding and deleting, never muting', async () => {
    mockFetch({ 'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments] });
    const { user } = setupModerator([4]);
    const menu = await openMenu(user);
    expect(itemNames(menu)).toEqual(['Pin to the top', 'Lock comments', 'Official reply', 'Hide', 'Delete for good']);
  });

  it('is not there for a moderator of another group', async () => {
    mockFetch({ 'GET /api/posts/7': pagePost(), 'GET /api/comments': [noComments] });
    setupModerator([5]);
    expect(await screen.findByTestId('post-page')).toBeInTheDocument();
    expect(screen.queryByTestId('moderation-menu')).toBeNull();
  });
});
