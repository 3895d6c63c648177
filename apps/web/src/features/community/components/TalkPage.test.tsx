import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { TalkPage } from './TalkPage';

configure({ asyncUtilTimeout: 5000 });

const talk = {
  id: 5, content: '<p>Speedrun tonight</p>', account: { id: 2, nickname: 'alice', avatar_url: null }, group_id: null, like_count: 0, comment_count: 0,
  recommend_count: 0, forward_count: 0, target_action: null, forward: null, own: false, like_type: null, created_at_timestamp: 1_790_000_000,
};
const noComments = { status: 200, body: { comments: [], commentable: { likes_count: 0, dislikes_count: 0, comments_count: 0, like_type: null }, meta: { total_count: 0, page: 1, per: 10 } } };

const setup = (path = '/talks/5') => renderPage('/talks/:id', <TalkPage />, path, { id: 9 });


describe('TalkPage: an author the viewer blocked (docs/product/people.md#direct-links)', () => {
  it('opens with a notice instead of the talk and its comments; "Show anyway" reveals them', async () => {
    const f = mockFetch({ 'GET /api/talks/5': [{ status: 200, body: { talk, author_blocked: true } }], 'GET /api/comments': [noComments] });
    const { user } = setup();
    const notice = await screen.findByRole('region', { name: 'You blocked alice' });
    expect(notice).toHaveTextContent('This talk is hidden.');
    expect(screen.queryByText('Speedrun tonight')).toBeNull();
    expect(f.count('GET /api/comments')).toBe(0);

    await user.click(within(notice).getByRole('button', { name: 'Show anyway' }));
    expect(await screen.findByText('Speedrun tonight')).toBeInTheDocument();
    expect(screen.getByTestId('talk-page')).toHaveFocus();
    await waitFor(() => expect(f.count('GET /api/comments')).toBe(1));
  });

  it('shows the talk as it is when its author is not blocked', async () => {
    mockFetch({ 'GET /api/talks/5': [{ status: 200, body: { talk, author_blocked: false } }], 'GET /api/comments': [noComments] });
    setup();
    expect(await screen.findByText('Speedrun tonight')).toBeInTheDocument();
    expect(screen.queryByTestId('blocked-author-notice')).toBeNull();
  });
});

describe("TalkPage: the card's counts follow the discussion", () => {
  it('shows the like and the comment the reader just made without reloading the talk', async () => {
    const counts = (likes: number, comments: number, like_type: 1 | null) => ({ likes_count: likes, dislikes_count: 0, comments_count: comments, like_type });
    const mine = { id: 30, commentable_type: 'Talk', commentable_id: 5, commentary_id: null, reply: false, account: { id: 9, nickname: 'me', avatar_url: null }, content: '<p>count me in</p>', at_users: [], target_reply_id: null, target_reply_account_ids: [], reply_count: 0, moderation_state: 'published', created_at_timestamp: 1_790_000_100 };
    const f = mockFetch({
      'GET /api/talks/5': [{ status: 200, body: { talk, author_blocked: false } }],
      'GET /api/comments': [noComments, { status: 200, body: { comments: [mine], commentable: counts(1, 1, 1), meta: { total_count: 1, page: 1, per: 10 } } }],
      'POST /api/like': [{ status: 200, body: { like: { accessible_type: 'Talk', accessible_id: 5, ...counts(1, 0, 1) } } }],
      'POST /api/comments': [{ status: 201, body: { comment: mine, commentable: counts(1, 1, 1) } }],
    });
    const { user } = setup();
    const card = await screen.findByTestId('talk-card');
    expect(card).toHaveTextContent('0 likes');
    await user.click(await screen.findByRole('button', { name: /^Like/ }));
    await waitFor(() => expect(card).toHaveTextContent('1 like'));
    await user.type(screen.getByLabelText('Write a comment'), 'count me in');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(card).toHaveTextContent('1 comment'));
    expect(f.count('GET /api/talks/5')).toBe(1);
  });
});

describe('TalkCard: a forward of a talk whose author the viewer blocked (docs/product/people.md#direct-links)', () => {
  // carol forwarded alice's talk 5; the viewer blocked alice, so the server sent the original without its words.
  const forward = {
    ...talk, id: 6, content: '<p>look at this</p>', account: { id: 3, nickname: 'carol', avatar_url: null }, target_action: 'share',
    forward: { id: 5, deleted: false, content: '', account: { id: 2, nickname: 'alice', avatar_url: null }, author_blocked: true, created_at_timestamp: 1_790_000_000 },
  };

  it('says so in the forward box instead of the original\'s words, and links to the original behind its notice', async () => {
    mockFetch({
      'GET /api/talks/6': [{ status: 200, body: { talk: forward, author_blocked: false } }],
      'GET /api/talks/5': [{ status: 200, body: { talk, author_blocked: true } }],
      'GET /api/comments': [noComments],
    });
    const { user } = setup('/talks/6');
    const box = await screen.findByTestId('talk-forward');
    expect(screen.getByText('look at this')).toBeInTheDocument();
    const line = within(box).getByRole('link', { name: 'You blocked alice. This talk is hidden.' });
    expect(line).toHaveAttribute('href', '/talks/5');
    expect(line).toHaveClass('text-muted');
    expect(within(box).queryByRole('link', { name: '@alice' })).toBeNull();

    await user.click(line);
    const notice = await screen.findByRole('region', { name: 'You blocked alice' });
    expect(notice).toHaveTextContent('This talk is hidden.');
    expect(screen.queryByText('Speedrun tonight')).toBeNull();
  });

  it('shows the original\'s author and words when its author is not blocked', async () => {
    const shown = { ...forward, forward: { ...forward.forward, content: '<p>Speedrun tonight</p>', author_blocked: false } };
    mockFetch({ 'GET /api/talks/6': [{ status: 200, body: { talk: shown, author_blocked: false } }], 'GET /api/comments': [noComments] });
    setup('/talks/6');
    expect(await screen.findByText('Speedrun tonight')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@alice' })).toHaveAttribute('href', '/talks/5');
    expect(screen.queryByTestId('talk-forward-blocked')).toBeNull();
  });
});
