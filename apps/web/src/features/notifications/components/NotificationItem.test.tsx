import { render, screen } from '@testing-library/react';
import { i18next } from '../../../i18n';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { Notification } from '@lantern/contract';
import { NotificationItem } from './NotificationItem';

afterAll(() => i18next.changeLanguage('en'));

const notice = (over: Partial<Notification>): Notification => ({
  id: 1, kind: 'activity', actor: null, actor_count: 1, target_type: null, target_id: null, detail: null, excerpt: '', href: '/', read: false,
  created_at_timestamp: 1_800_000_000, updated_at_timestamp: 1_800_000_000, ...over,
});
const ann: Notification['actor'] = { id: 7, nickname: 'Ann', avatar_url: null };

function show(n: Notification) {
  const router = createMemoryRouter([{ path: '*', element: <ul><NotificationItem notification={n} onRead={() => undefined} /></ul> }]);
  render(<RouterProvider router={router} />);
}

/** The centre's words for the lottery and red-packet notices (docs/product/messaging.md#lottery-prize, #red-packet-opened). */
describe('NotificationItem: lottery and red-packet notices', () => {
  it('says a prize was won, with the prize and a link to the lottery', async () => {
    await i18next.changeLanguage('en');
    show(notice({ detail: 'lottery_prize', excerpt: 'Lucky draw: 200 points', href: '/lottery/4' }));
    expect(screen.getByText('You won a lottery prize')).toBeInTheDocument();
    expect(screen.getByText('Lucky draw: 200 points')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /You won a lottery prize/ })).toHaveAttribute('href', '/lottery/4');
  });

  it('says a part was opened, and counts the people who opened the sharer\'s packet', async () => {
    await i18next.changeLanguage('en');
    show(notice({ detail: 'red_packet_opened', excerpt: '+$1.23 · New year packets', href: '/events/2' }));
    expect(screen.getByRole('link', { name: /You opened a red packet/ })).toHaveAttribute('href', '/events/2');
    show(notice({ id: 2, detail: 'red_packet_shared', actor: ann, actor_count: 1, href: '/events/2' }));
    expect(screen.getByText('Ann opened your red packet')).toBeInTheDocument();
    show(notice({ id: 3, detail: 'red_packet_shared', actor: ann, actor_count: 5, href: '/events/2' }));
    expect(screen.getByText('Ann and 4 others opened your red packet')).toBeInTheDocument();
  });

  it('speaks Chinese on the mainland site', async () => {
    await i18next.changeLanguage('zh-CN');
    show(notice({ detail: 'lottery_prize', excerpt: '幸运抽奖: 200 积分' }));
    expect(screen.getByText('你在抽奖中获得了奖品')).toBeInTheDocument();
    show(notice({ id: 2, detail: 'red_packet_shared', actor: ann, actor_count: 3 }));
    expect(screen.getByText('Ann 等 2 人领取了你分享的红包')).toBeInTheDocument();
    show(notice({ id: 3, detail: 'red_packet_opened' }));
    expect(screen.getByText('你领取了一个红包')).toBeInTheDocument();
  });
});
