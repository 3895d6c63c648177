import { render, screen } from '@testing-library/react';
import type { SkuSummary } from '@lantern/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next } from '../i18n';
import { Price } from './Price';
import { SkuCard } from './SkuCard';

afterAll(() => i18next.changeLanguage('en'));

describe('<Price>', () => {
  it('shows the domain discount, the list price struck through and the sale price', async () => {
    await i18next.changeLanguage('en');
    render(<Price listPrice={4800} salePrice={3400} currency="CNY" />);
    expect(screen.getByTestId('discount')).toHaveTextContent('-29%');
    expect(screen.getByTestId('list-price').tagName).toBe('S');
    expect(screen.getByTestId('list-price')).toHaveTextContent('CN¥48.00');
    expect(screen.getByTestId('sale-price')).toHaveTextContent('CN¥34.00');
    // Screen readers hear what the numbers mean.
    expect(screen.getByTestId('price')).toHaveTextContent(/Discount.*Original price.*Now/);
  });

  it('computes the discount from the prices (rounded, never -100% above zero)', () => {
    render(<Price listPrice={2999} salePrice={1} currency="USD" />);
    expect(screen.getByTestId('discount')).toHaveTextContent('-99%');
  });

  it('shows no discount and no struck price when the sale price is not lower', () => {
    render(<Price listPrice={9800} salePrice={9800} currency="CNY" />);
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.queryByTestId('list-price')).toBeNull();
  });

  it('labels a price of 0 "Free", in the current language', async () => {
    await i18next.changeLanguage('en');
    const { unmount } = render(<Price listPrice={0} salePrice={0} currency="USD" />);
    expect(screen.getByTestId('sale-price')).toHaveTextContent(/^Free$/);
    unmount();
    await i18next.changeLanguage('zh-CN');
    render(<Price listPrice={6800} salePrice={0} currency="CNY" />);
    expect(screen.getByTestId('sale-price')).toHaveTextContent('免费');
    expect(screen.getByTestId('discount')).toHaveTextContent('-100%');
    expect(screen.getByTestId('list-price')).toHaveTextContent('¥68.00');
  });

  it('formats dollars for the international site', async () => {
    await i18next.changeLanguage('en');
    render(<Price listPrice={2999} salePrice={2099} currency="USD" />);
    expect(screen.getByTestId('sale-price')).toHaveTextContent('$20.99');
    expect(screen.getByTestId('discount')).toHaveTextContent('-30%');
  });
});

const sku = (over: Partial<SkuSummary> = {}): SkuSummary => ({
  id: 42,
  product_id: 20,
  area: 'native',
  region: null,
  status: 'sale',
  cate: 'game',
  kind: 'game',
  sku_names: { chs: '盐风棋局', en: 'Saltwind Gambit' },
  sku_ename: 'Saltwind Gambit',
  edition: { chs: '标准版', en: 'Standard Edition' },
  sku_covers: { vertical: '/v.svg', horizontal: '/h.svg' },
  currency: 'CNY',
  list_price: 13800,
  sale_price: 9700,
  discount: 30,
  list_points: null,
  sale_points: null,
  can_points_pay: false,
  support_cash_pay: true,
  key_type: 'steam',
  released_at_timestamp: 1717804800,
  score: 80,
  wishes_count: 10,
  rank: 1,
  tags: [],
  category: null,
  ...over,
});

function renderCard(s: SkuSummary, variant: 'poster' | 'row' = 'poster') {
  const router = createMemoryRouter([{ path: '*', element: <SkuCard sku={s} variant={variant} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('<SkuCard>', () => {
  it('shows the name in the current language, links to the SKU and sizes its cover', async () => {
    await i18next.changeLanguage('zh-CN');
    const { unmount } = renderCard(sku());
    expect(screen.getByRole('link', { name: '盐风棋局' })).toHaveAttribute('href', '/sku/42');
    expect(screen.getByTestId('platform')).toHaveTextContent('Steam');
    const img = document.querySelector('img')!;
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '800');
    expect(img).toHaveAttribute('loading', 'lazy');
    unmount();
    await i18next.changeLanguage('en');
    renderCard(sku(), 'row');
    expect(screen.getByRole('link', { name: 'Saltwind Gambit' })).toBeInTheDocument();
    expect(screen.getByText('Standard Edition')).toBeInTheDocument();
  });

  it('shows a peripheral as a physical item, not a key', async () => {
    await i18next.changeLanguage('en');
    renderCard(sku({ cate: 'physical', kind: 'peripheral', key_type: null }));
    expect(screen.getByTestId('platform')).toHaveTextContent('Physical');
  });
});
