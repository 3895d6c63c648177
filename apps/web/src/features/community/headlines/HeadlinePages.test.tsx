import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { mockFetch } from '../../../test/fetchMock';
import { testQueryClient } from '../../../test/queryClient';
import { sendReport } from '../../../test/reports';
import { HeadlineDraftsPage } from './HeadlineDraftsPage';
import { HeadlinePage } from './HeadlinePage';
import { HeadlinesPage } from './HeadlinesPage';

configure({ asyncUtilTimeout: 5000 });

const sections = [
  { id: 1, name: { en: 'Top picks', chs: '推荐' }, category: 'recommend', parent_id: null, kind: 'list' },
  { id: 2, name: { en: 'News', chs: '新闻' }, category: 'news', parent_id: null, kind: 'list' },
  { id: 3, name: { en: 'Patch notes', chs: '更新公告' }, category: 'news', parent_id: 2, kind: 'list' },
];
const summary = (id: number, title: string, section_id = 2) => ({
  id, section_id, category: 'news', title, summary: `About ${title}`, cover_url: null, author: { id: 5, nickname: 'Editor', avatar_url: null },
  likes_count: 2, comments_count: 1, published_at_timestamp: 1_790_000_000,
});
const sku = {
  id: 40, product_id: 4, area: 'abroad', region: null, status: 'sale', cate: 'game', kind: 'game', sku_names: { en: 'Emberlight Orchard', chs: '烬光果园' }, sku_ename: 'Emberlight Orchard',
  edition: { en: 'Standard', chs: '标准版' }, sku_covers: { vertical: '/v.svg', horizontal: '/h.svg', banner: '/b.svg' }, currency: 'USD', list_price: 2999, sale_price: 1999, discount: 33,
  list_points: null, sale_points: null, can_points_pay: false, support_cash_pay: true, key_type: 'steam', released_at_timestamp: null, score: 0, wishes_count: 0, rank: 0, tags: [], category: null,
};
const noComments = { status: 200, body: { comments: [], commentable: { likes_count: 2, dislikes_count: 0, comments_count: 0, like_type: null }, meta: { total_count: 0, page: 1, per: 15 } } };

function setup(path: string, entry: string, element: React.ReactNode, me: { id: number; role: string } | null = null) {
  const { client, wrapper: Wrapper } = testQueryClient();
  client.setQueryData(queryKeys.me.all, me);
  const router = createMemoryRouter([{ path, element }], { initialEntries: [entry] });
  render(<Wrapper><RouterProvider router={router} /></Wrapper>);
  return { user: userEvent.setup() };
}


describe('HeadlinesPage', () => {
  it('shows the tabs, the sub-sections of the tab and the section\'s articles, asking for that section', async () => {
    const f = mockFetch({
      'GET /api/headline_page': [{ status: 200, body: { sections, featured: [summary(9, 'Lead story', 1)] } }],
      'GET /api/headlines': [{ status: 200, body: { headlines: [summary(10, 'Co-op arrives'), summary(11, 'Cloud saves')], meta: { total_count: 2, page: 1, per: 10 } } }],
    });
    setup('/headlines', '/headlines?section=2', <HeadlinesPage />);
    const list = await screen.findByTestId('headline-list');
    expect(within(list).getAllByTestId('headline-row').map((r) => r.getAttribute('data-id'))).toEqual(['10', '11']);
    expect(within(screen.getByTestId('headline-tabs')).getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Patch notes' })).toHaveAttribute('href', '/headlines?section=3');
    expect(screen.getByTestId('headline-featured')).toHaveTextContent('Lead story');
    const asked = f.calls.find((c) => c.url.pathname === '/api/headlines')!.url.searchParams;
    expect([asked.get('q[section_id_eq]'), asked.get('per'), asked.get('page')]).toEqual(['2', '10', '1']);
    // A guest is no editor: no way to drafts.
    expect(screen.queryByTestId('headline-drafts-link')).toBeNull();
  });

  it('shows editors the way to their drafts', async () => {
    mockFetch({
      'GET /api/headline_page': [{ status: 200, body: { sections, featured: [] } }],
      'GET /api/headlines': [{ status: 200, body: { headlines: [], meta: { total_count: 0, page: 1, per: 10 } } }],
    });
    setup('/headlines', '/headlines', <HeadlinesPage />, { id: 5, role: 'editor' });
    expect(await screen.findByTestId('headline-drafts-link')).toHaveAttribute('href', '/headlines/drafts');
    expect(await screen.findByText('No articles here yet')).toBeInTheDocument();
  });
});

describe('HeadlinePage', () => {
  it('shows the article with its games, prices and buy buttons, and reports it as a `headline`', async () => {
    const f = mockFetch({
      'GET /api/headlines/9': [{ status: 200, body: { ...summary(9, 'Winter Sale is live'), content: '<p>Two weeks of deals</p>', section: sections[1], games: [sku], sku, radio: null, like_type: null, moderation_state: 'published' } }],
      'GET /api/comments': [noComments],
      'POST /api/reports': [{ status: 201, body: { report: { id: 1 } } }],
    });
    const { user } = setup('/headlines/:id', '/headlines/9', <HeadlinePage />, { id: 8, role: 'user' });
    const page = await screen.findByTestId('headline-page');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Winter Sale is live');
    expect(page).toHaveTextContent('Two weeks of deals');
    const games = within(page).getByTestId('headline-games');
    expect(games).toHaveTextContent('Emberlight Orchard');
    expect(games).toHaveTextContent('$19.99');
    expect(within(games).getByTestId('headline-buy')).toHaveTextContent('Add to cart');
    await user.click(within(page).getAllByRole('button', { name: 'Report' })[0]!);
    await sendReport(user, { title: 'Report this headline', reason: 'Off topic' });
    expect(f.calls.find((c) => c.method === 'POST')!.body).toEqual({ report: { target_type: 'headline', target_id: 9, reason: 'off_topic' } });
  });
});

describe('HeadlineDraftsPage', () => {
  const draft = (id: number, status: string, title: string) => ({
    id, area: 'abroad', section_id: 2, title, summary: '', content: '<p>x</p>', cover_url: null, items: [], sku_id: null, radio: { account_ids: [], accounts: [], attachment: null },
    status, reject_reason: status === 'rejected' ? 'Needs sources' : null, headline_id: status === 'published' ? 30 : null, author: { id: 5, nickname: 'Editor', avatar_url: null },
    updated_at_timestamp: 1_790_000_000, submitted_at_timestamp: null,
  });

  it('lists an editor\'s drafts with their states, and lets staff publish a submitted one', async () => {
    const f = mockFetch({
      'GET /api/headline_drafts': [{ status: 200, body: { headline_drafts: [draft(1, 'rejected', 'Rough cut'), draft(2, 'published', 'Out now')], meta: { total_count: 2, page: 1, per: 50 } } }],
      'GET /api/admin/headline_drafts': [{ status: 200, body: { headline_drafts: [draft(3, 'submitted', 'Waiting one')], meta: { total_count: 1, page: 1, per: 50 } } }],
      'POST /api/admin/headline_drafts/3/publish': [{ status: 200, body: { headline_draft: draft(3, 'published', 'Waiting one'), headline: summary(31, 'Waiting one') } }],
    });
    const { user } = setup('/headlines/drafts', '/headlines/drafts', <HeadlineDraftsPage />, { id: 5, role: 'staff' });
    const own = await screen.findAllByTestId('own-draft');
    expect(own.map((d) => within(d).getByTestId('draft-status').textContent)).toEqual(['Rejected', 'Published']);
    expect(own[0]).toHaveTextContent('Rejected: Needs sources');
    expect(within(own[1]!).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/headlines/30');
    const queued = await screen.findByTestId('queued-draft');
    await user.click(within(queued).getByTestId('draft-publish'));
    await waitFor(() => expect(f.calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/headline_drafts/3/publish')).toBe(true));
  });

  it('tells someone who is no editor that drafts are for editors', async () => {
    mockFetch({});
    setup('/headlines/drafts', '/headlines/drafts', <HeadlineDraftsPage />, { id: 8, role: 'user' });
    expect(await screen.findByText('For editors')).toBeInTheDocument();
  });
});

describe('HeadlinePage: an article that is not there', () => {
  it('shows the not-found page for a deleted article, with no retry', async () => {
    mockFetch({ 'GET /api/headlines/9': [{ status: 404, body: { errors: { base: ['not_found'] } } }] });
    setup('/headlines/:id', '/headlines/9', <HeadlinePage />);
    expect(await screen.findByTestId('page-404')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
