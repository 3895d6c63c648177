import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { parseConfirm } from './components/TransitionPage';

const parse = (url: string) => parseConfirm(new URL(url, 'http://x').searchParams);

describe('/transition?type=cart_confirm', () => {
  it('reads what the cart and the game page send', () => {
    expect(parse(paths.cartConfirm({ skuIds: [3, 1, 3], cate: 'game', couponId: 7 }))).toEqual({ skuIds: [3, 1], cate: 'game', type: 'cart', couponId: 7, from: null });
    expect(parse(paths.cartConfirm({ skuIds: [5], cate: 'physical', type: 'one_click', from: '/sku/5' }))).toEqual({ skuIds: [5], cate: 'physical', type: 'one_click', couponId: null, from: '/sku/5' });
  });

  it('refuses anything else', () => {
    expect(parse('/transition?type=other&cate=game&sku_ids=1')).toBeNull();
    expect(parse('/transition?type=cart_confirm&cate=food&sku_ids=1')).toBeNull();
    expect(parse('/transition?type=cart_confirm&cate=game&sku_ids=')).toBeNull();
    expect(parse('/transition?type=cart_confirm&cate=game&sku_ids=1&from=//evil.example')!.from).toBeNull();
  });
});
