import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { NotificationsPage } from './NotificationsPage';

configure({ asyncUtilTimeout: 5000 });

const counters = (unread: Partial<Record<'comment_num' | 'at_num' | 'notice_num' | 'system_num' | 'broadcast_num', number>>) => {
  const c = { comment_num: 0, at_num: 0, notice_num: 0, system_num: 0, broadcast_num: 0, ...unread };
  return { ...c, total: c.comment_num + c.at_num + c.notice_num + c.system_num, by_kind: {} };
};
const service = (unread: Parameters<typeof counters>[0]) => ({
  status: 200,
  body: { kinds: [], broadcasts: [], read_broadcasts: [], counters: counters(unread), settings: { kinds: {}, email_digest: false } },
});
const noMessages = { status: 200, body: { messages: [], meta: { total_count: 0, page: 1, per: 10 } } };
const kindsAsked = (url: URL) => url.searchParams.getAll('q[where][kind][]');

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage: the tab /messages opens on', () => {
  it('is the first tab with something unread, and only its list is asked for', async () => {
    const f = mockFetch({ 'GET /api/messages/service': [service({ notice_num: 2, system_num: 1 })], 'GET /api/messages': [noMessages] });
    renderPage('/messages', <NotificationsPage />, '/messages', { id: 9 });
    await waitFor(() => expect(screen.getByRole('link', { name: /Follows & likes/ })).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(f.count('GET /api/messages')).toBe(1));
    expect(kindsAsked(f.calls.find((c) => c.url.pathname === '/api/messages')!.url)).toEqual(['follow', 'like']);
  });

  it('is the comments tab when nothing is unread', async () => {
    const f = mockFetch({ 'GET /api/messages/service': [service({})], 'GET /api/messages': [noMessages] });
    renderPage('/messages', <NotificationsPage />, '/messages', { id: 9 });
    await waitFor(() => expect(f.count('GET /api/messages')).toBe(1));
    expect(kindsAsked(f.calls.find((c) => c.url.pathname === '/api/messages')!.url)).toEqual(['comment', 'reply']);
  });
});
