import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { emitLiveEvent, forgetRecentLiveEvents } from '../lib/live';
import { testQueryClient } from '../test/queryClient';
import { NotificationBar } from './NotificationBar';

beforeEach(() => forgetRecentLiveEvents());

afterEach(async () => {
  await i18next.changeLanguage('en');
});

function renderBar(at = '/') {
  const { client } = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <NotificationBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const event = (kind: string, nickname: string, extra: Record<string, unknown> = {}) => ({
  id: 1, kind, badges: { notifications: 1 }, bar: { kind, actor: { id: 2, nickname, avatar: null }, excerpt: `from ${nickname}`, href: '/posts/1', ...extra },
});

describe('<NotificationBar>', () => {
  it('shows what arrived in the seconds before it was loaded (it is its own chunk, loaded after the stream opens)', () => {
    emitLiveEvent('notification', event('reply', 'early'));
    renderBar();
    expect(screen.getByTestId('notification-bar-item')).toHaveTextContent('early');
  });

  it('words live notifications by kind, keeps at most 3 (dropping the oldest), and closes one', async () => {
    renderBar();
    act(() => {
      emitLiveEvent('notification', event('reply', 'ann'));
      emitLiveEvent('notification', event('like', 'bob', { count: 12 }));
      emitLiveEvent('private_message', event('private_message', 'cat'));
      emitLiveEvent('notification', event('follow', 'dan'));
    });
    const items = screen.getAllByTestId('notification-bar-item');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'bob and 11 others liked your content', 'cat sent you a message', 'dan started following you',
    ]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.getAllByTestId('notification-bar-item')).toHaveLength(2);
  });

  it('speaks Chinese on the mainland site, and words staff actions by what they did', async () => {
    await i18next.changeLanguage('zh-CN');
    renderBar();
    act(() => {
      emitLiveEvent('notification', { ...event('operate', 'x'), detail: 'hidden', bar: { kind: 'operate', actor: null, excerpt: '', href: '/messages' } });
    });
    expect(screen.getByTestId('notification-bar-item')).toHaveTextContent('管理员隐藏了你的内容');
  });

  it("shows this site's announcements and both sites', never the other site's", () => {
    renderBar(); // the test site is the mainland one (test/setup.ts)
    const broadcast = (id: number, area: string, title: string) => ({ id, area, bar: { kind: 'broadcast', actor: null, excerpt: title, href: '/messages?tab=broadcasts' } });
    act(() => {
      emitLiveEvent('broadcast', broadcast(1, 'abroad', 'For the international site'));
      emitLiveEvent('broadcast', broadcast(2, 'native', 'For the mainland site'));
      emitLiveEvent('broadcast', broadcast(3, 'both', 'For everyone'));
    });
    const items = screen.getAllByTestId('notification-bar-item');
    expect(items.map((i) => i.querySelectorAll('p')[1]?.textContent)).toEqual(['For the mainland site', 'For everyone']);
    expect(items[0]).toHaveTextContent('Announcement');
  });

  it('leaves out what leads to the page the reader is on (a message in the open conversation)', () => {
    renderBar('/messages/conversations/7');
    act(() => {
      emitLiveEvent('private_message', event('private_message', 'eve', { href: '/messages/conversations/7' }));
      emitLiveEvent('private_message', event('private_message', 'fay', { href: '/messages/conversations/8' }));
    });
    expect(screen.getAllByTestId('notification-bar-item').map((i) => i.textContent)).toEqual([expect.stringContaining('fay')]);
  });
});
