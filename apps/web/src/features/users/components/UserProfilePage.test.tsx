import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { UserProfilePage } from './UserProfilePage';

configure({ asyncUtilTimeout: 5000 });

const user = { id: 7, nickname: 'Lumen', avatar_url: null, background_url: null, introduction: 'I play at night.', gender: 'secret', role: 'user', is_mute: false, created_at_timestamp: 1_700_000_000 };
const covers = { horizontal: '/h.png', vertical: '/v.png', square: '/s.png' };
const game = (id: number, hours: number) => ({
  id, sku_id: 100 + id, product_id: 200 + id, area: 'native', playtime_seconds: hours * 3600, playtime_hours: hours, last_played_at_timestamp: null,
  acquired_at_timestamp: 1_700_000_000, account_id: 7,
  sku: { id: 100 + id, product_id: 200 + id, area: 'native', region: null, status: 'on_sale', cate: 'game', kind: 'game', sku_names: { en: `Game ${id}`, chs: `游戏${id}` }, sku_ename: '', edition: { en: '', chs: '' }, sku_covers: covers, currency: 'CNY', list_price: 100, sale_price: 100, discount: 0, list_points: null, sale_points: null, can_points_pay: false, support_cash_pay: true, key_type: 'steam', released_at_timestamp: null, score: 0, wishes_count: 0, rank: 0 },
});
const comment = (id: number, reply: boolean, content: string) => ({
  id, commentable_type: 'Post', commentable_id: 55, commentary_id: reply ? 1 : null, reply, account: { id: 7, nickname: 'Lumen', avatar_url: null },
  content, at_users: [], target_reply_id: null, target_reply_account_ids: [], reply_count: 0, moderation_state: 'published', created_at_timestamp: 1_700_000_000,
});


function open(path: string) {
  const { wrapper: Wrapper } = testQueryClient();
  const router = createMemoryRouter([{ path: '/users/:id', element: <UserProfilePage /> }, { path: '/404', element: <p>not found</p> }], { initialEntries: [path] });
  render(<Wrapper><RouterProvider router={router} /></Wrapper>);
  return router;
}

describe('UserProfilePage', () => {
  it('shows the games tab first, most played first with the total hours, and moves to replies by its tab', async () => {
    const fetches = mockFetch({
      'GET /api/users/7': [{ status: 200, body: user }],
      'GET /api/users/7/service': [{ status: 200, body: { id: 7, is_self: false, can_follow: true, can_message: true } }],
      'GET /api/accounts/7/community_games': [{ status: 200, body: { community_games: [game(1, 12), game(2, 3)], meta: { total_count: 2, page: 1, per: 10, total_hours: 15 } } }],
      'GET /api/accounts/7/comments': [{ status: 200, body: { comments: [comment(9, true, 'Agreed, the ending is great')], meta: { total_count: 1, page: 1, per: 10 } } }],
      'GET /api/accounts/7/steam_games': [{ status: 200, body: {
        steam_error: null, show_id: 'lumen', profile_url: 'https://steamcommunity.com/id/lumen', games_count: 2, playtime_seconds: 45_000,
        games: [{ app_id: 10, name: 'Lantern Quest', playtime_seconds: 36_000 }, { app_id: 20, name: 'Harbour Lights', playtime_seconds: 9_000 }],
      } }],
    });
    const router = open('/users/7');
    expect(await screen.findByRole('heading', { name: 'Lumen' })).toBeInTheDocument();
    const games = await screen.findAllByTestId('profile-game');
    expect(games.map((g) => within(g).getByRole('link').textContent)).toEqual(['Game 1', 'Game 2']);
    expect(screen.getByTestId('profile-games-summary')).toHaveTextContent('2 games · 15 h played');
    expect(screen.queryByTestId('background-controls')).not.toBeInTheDocument();
    // The linked Steam library follows the store's games, most played first.
    const steam = await screen.findByTestId('profile-steam-library');
    expect(within(steam).getAllByTestId('steam-game').map((g) => g.textContent)).toEqual(['Lantern Quest10 h played', 'Harbour Lights2.5 h played']);
    expect(within(steam).getByTestId('steam-summary')).toHaveTextContent('2 games · 12.5 h played');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Replies' }));
    expect(await screen.findByText('Agreed, the ending is great')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=replies');
    const asked = fetches.calls.find((c) => c.url.pathname === '/api/accounts/7/comments')!;
    expect(asked.url.searchParams.get('reply')).toBe('true');
    expect(screen.getByRole('link', { name: 'View the discussion' })).toHaveAttribute('href', '/posts/55');
  });

  it("offers its owner the background controls, and shows the owner's background image", async () => {
    mockFetch({
      'GET /api/users/7': [{ status: 200, body: { ...user, background_url: '/uploads/u/7/background/1/original.png' } }],
      'GET /api/users/7/service': [{ status: 200, body: { id: 7, is_self: true, can_follow: false, can_message: false } }],
      'GET /api/search/posts': [{ status: 200, body: { posts: [], meta: { total_count: 0, page: 1, per: 10 } } }],
    });
    open('/users/7?tab=reviews');
    expect(await screen.findByTestId('background-controls')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change background' })).toBeInTheDocument();
    expect(screen.getByTestId('background-reset')).toHaveTextContent('Use the default');
    expect(screen.getByTestId('profile-background').querySelector('img')).toHaveAttribute('src', '/uploads/u/7/background/1/original.png');
    expect(await screen.findByText('Review a game you own and it shows up here.')).toBeInTheDocument();
  });

  it('lists whom the player follows, and who follows them by the followers chip', async () => {
    const friend = (id: number, nickname: string, following: boolean) => ({ id, nickname, avatar_url: null, followed_at_timestamp: 1_700_000_000, following });
    const fetches = mockFetch({
      'GET /api/users/7': [{ status: 200, body: user }],
      'GET /api/users/7/service': [{ status: 200, body: { id: 7, is_self: false, can_follow: true, can_message: true } }],
      'GET /api/users/7/follow': [{ status: 200, body: { follow: { account_id: 7, following: false, followers_count: 1, blocked: false, can_follow: true } } }],
      'GET /api/accounts/7/friends': [
        { status: 200, body: { friends: [friend(8, 'Ember', true)], following_count: 1, followers_count: 1, meta: { total_count: 1, page: 1, per: 20 } } },
        { status: 200, body: { friends: [friend(9, 'Wick', false)], following_count: 1, followers_count: 1, meta: { total_count: 1, page: 1, per: 20 } } },
      ],
    });
    const router = open('/users/7?tab=friends');
    const first = await screen.findByTestId('profile-friend');
    expect(first).toHaveTextContent('Ember');
    expect(first).toHaveTextContent('You follow');
    expect(screen.getByTestId('friends-following')).toHaveTextContent('Following 1');
    await userEvent.setup().click(screen.getByTestId('friends-followers'));
    expect(await screen.findByText('Wick')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=friends&kind=followers');
    expect(fetches.calls.filter((c) => c.url.pathname === '/api/accounts/7/friends').map((c) => c.url.searchParams.get('kind'))).toEqual(['following', 'followers']);
  });

  it('shows the achievements of the most played Steam games, each with its share unlocked and the latest unlocked', async () => {
    mockFetch({
      'GET /api/users/7': [{ status: 200, body: user }],
      'GET /api/users/7/service': [{ status: 200, body: { id: 7, is_self: false, can_follow: true, can_message: true } }],
      'GET /api/accounts/7/achievements': [{ status: 200, body: {
        steam_error: null, games_count: 1, unlocked_count: 2, total_count: 8,
        games: [{ app_id: 10, name: 'Lantern Quest', playtime_seconds: 36_000, unlocked_count: 2, total_count: 8, percent: 25, achievements: [
          { api_name: 'END', name: 'The End', description: 'See the true ending.', icon_url: '', unlocked_at_timestamp: 1_700_000_000 },
          { api_name: 'START', name: 'First Steps', description: 'Finish the prologue.', icon_url: 'https://cdn/start.jpg', unlocked_at_timestamp: 1_600_000_000 },
        ] }],
      } }],
    });
    open('/users/7?tab=achievements');
    const game = await screen.findByTestId('achievement-game');
    expect(within(game).getByRole('heading', { name: 'Lantern Quest' })).toBeInTheDocument();
    expect(within(game).getByTestId('achievement-progress')).toHaveTextContent('2/8 · 25%');
    expect(within(game).getAllByTestId('achievement').map((a) => a.textContent)).toEqual([
      expect.stringContaining('The End'), expect.stringContaining('First Steps'),
    ]);
    expect(screen.getByTestId('achievements-summary')).toHaveTextContent('1 game · 2 of 8 achievements unlocked');
  });

  it('tells a visitor when the player keeps their Steam reviews to themselves, and the owner that only they see them', async () => {
    mockFetch({
      'GET /api/users/7': [{ status: 200, body: user }, { status: 200, body: user }],
      'GET /api/users/7/service': [{ status: 200, body: { id: 7, is_self: false, can_follow: true, can_message: true } }],
      'GET /api/accounts/7/steam_reviews': [{ status: 200, body: { steam_error: 'not_shown', steam_reviews: [], meta: { total_count: 0, page: 1, per: 10 } } }],
    });
    open('/users/7?tab=steam_reviews');
    expect(await screen.findByText('This player keeps their Steam reviews to themselves.')).toBeInTheDocument();
  });

  it('lists the Steam reviews with verdict, game, play time and a link to Steam', async () => {
    mockFetch({
      'GET /api/users/7': [{ status: 200, body: user }],
      'GET /api/users/7/service': [{ status: 200, body: { id: 7, is_self: false, can_follow: true, can_message: true } }],
      'GET /api/accounts/7/steam_reviews': [{ status: 200, body: { steam_error: null, meta: { total_count: 1, page: 1, per: 10 }, steam_reviews: [{
        app_id: 10, game_name: 'Lantern Quest', recommended: false, content: 'Too short for the price.', playtime_seconds: 9_000, helpful_count: 3,
        posted_at_timestamp: 1_700_000_000, url: 'https://steamcommunity.com/profiles/76561198000000001/recommended/10/',
      }] } }],
    });
    open('/users/7?tab=steam_reviews');
    const review = await screen.findByTestId('steam-review');
    expect(review).toHaveTextContent('Not recommended');
    expect(review).toHaveTextContent('Lantern Quest');
    expect(review).toHaveTextContent('2.5 h played when written');
    expect(review).toHaveTextContent('3 people found this helpful');
    expect(within(review).getByRole('link', { name: 'Read on Steam' })).toHaveAttribute('href', 'https://steamcommunity.com/profiles/76561198000000001/recommended/10/');
  });

  it('goes to /404 for a closed or unknown user', async () => {
    mockFetch({ 'GET /api/users/8': [{ status: 404, body: { errors: { base: ['not_found'] } } }] });
    const router = open('/users/8');
    expect(await screen.findByText('not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });
});
