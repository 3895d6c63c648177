import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { DistributionPage } from './DistributionPage';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400;
const placedAt = 1_800_000_000;
const summary = { ordersCount: 3, pendingCommission: 150, earnedCommission: 499, paidCommission: 1_000, canceledCount: 0, currency: 'CNY' };
const mine = {
  status: 200,
  body: { code: 0, errorMsg: null, data: { inviteCode: 'ABCDEFGHJK', inviteLink: 'http://localhost:3000/?cps=ABCDEFGHJK', sharer: { nickname: 'me', avatarUrl: null }, own: true, attributionDays: 7, summary } },
};
const line = { sku_id: 1, sku_name: { chs: '游戏', en: 'A game' }, amount: 4_990, rate_bp: 1_000, commission: 499 };
const row = (orderId: number, state: string, extra: Record<string, unknown>) => ({
  order_id: orderId, amount: 4_990, commission: 499, currency: 'CNY', state, lines: [line], created_at_timestamp: placedAt,
  settled_at_timestamp: null, payable_at_timestamp: null, paid_at_timestamp: null, ...extra,
});
const orders = {
  status: 200,
  body: {
    distribution_orders: [
      row(3, 'pending', {}),
      row(2, 'earned', { settled_at_timestamp: placedAt, payable_at_timestamp: placedAt + 7 * DAY }),
      row(1, 'paid', { settled_at_timestamp: placedAt, paid_at_timestamp: placedAt + 7 * DAY }),
    ],
    meta: { total_count: 3, page: 1, per: 10 },
  },
};

async function rendered() {
  mockFetch({ 'GET /cps/searchInviteCode': [mine], 'GET /api/me/distribution_orders': [orders] });
  renderPage('/user_center/distribution', <DistributionPage />, '/user_center/distribution', { id: 9 });
  return within(await screen.findByTestId('distribution-summary'));
}

describe('DistributionPage: what the sharer earned (docs/product/distribution.md#payout)', () => {
  it('shows the pending, payable and paid totals, and each order\'s payout day', async () => {
    const totals = await rendered();
    expect(totals.getByTestId('distribution-pending')).toHaveAttribute('data-amount', '150');
    expect(totals.getByTestId('distribution-earned')).toHaveAttribute('data-amount', '499');
    expect(totals.getByTestId('distribution-paid')).toHaveAttribute('data-amount', '1000');
    expect(totals.getByText('Pending')).toBeInTheDocument();
    expect(totals.getByText('Payable')).toBeInTheDocument();
    expect(totals.getByText('Paid to wallet')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('distribution-order');
    expect(rows.map((r) => within(r).getByTestId('distribution-order-state').textContent)).toEqual(['Waiting for payment', 'Payable', 'Paid']);
    expect(within(rows[0]!).queryByTestId('distribution-order-payable')).toBeNull();
    expect(within(rows[1]!).getByTestId('distribution-order-payable')).toHaveTextContent('Paid into your wallet from');
    expect(within(rows[2]!).getByTestId('distribution-order-paid')).toHaveTextContent('Paid into your wallet on');
  });

  it('says the same in Chinese on the mainland site', async () => {
    await i18next.changeLanguage('zh-CN');
    try {
      const totals = await rendered();
      expect(totals.getByText('待生效')).toBeInTheDocument();
      expect(totals.getByText('待发放')).toBeInTheDocument();
      expect(totals.getByText('已发放到钱包')).toBeInTheDocument();
      const rows = await screen.findAllByTestId('distribution-order');
      expect(rows.map((r) => within(r).getByTestId('distribution-order-state').textContent)).toEqual(['待支付', '待发放', '已发放']);
      expect(within(rows[1]!).getByTestId('distribution-order-payable')).toHaveTextContent('起发放到钱包');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
