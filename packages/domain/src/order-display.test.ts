import { describe, expect, it } from 'vitest';
import { ORDER_STATES, ORDER_TYPES, SHIPMENT_NEXT, buyerMayCancelPaidOrder, displayOrderState, orderExpiresAt, orderExpirySeconds } from './order-display.ts';

describe('order display', () => {
  const createdAtSec = 1_700_000_000;

  it('names the order types and states', () => {
    expect(ORDER_TYPES).toEqual(['seckill', 'one_click', 'cart']);
    expect(ORDER_STATES).toEqual(['in_checkout', 'pending', 'canceled', 'completed']);
  });

  it('gives seckill orders 10 minutes and the others 30', () => {
    expect(orderExpirySeconds('seckill')).toBe(600);
    expect(orderExpirySeconds('one_click')).toBe(1800);
    expect(orderExpirySeconds('cart')).toBe(1800);
    expect(orderExpiresAt({ type: 'seckill', createdAtSec })).toBe(createdAtSec + 600);
    expect(orderExpiresAt({ type: 'cart', createdAtSec })).toBe(createdAtSec + 1800);
  });

  it('shows an unpaid seckill order as canceled from 10:00, not at 9:59', () => {
    for (const state of ['in_checkout', 'pending'] as const) {
      const order = { type: 'seckill' as const, state, createdAtSec };
      expect(displayOrderState(order, createdAtSec + 9 * 60 + 59)).toBe(state);
      expect(displayOrderState(order, createdAtSec + 10 * 60)).toBe('canceled');
    }
  });

  it('shows unpaid one-click and cart orders as canceled from 30:00, not at 29:59', () => {
    for (const type of ['one_click', 'cart'] as const) {
      for (const state of ['in_checkout', 'pending'] as const) {
        const order = { type, state, createdAtSec };
        expect(displayOrderState(order, createdAtSec + 10 * 60)).toBe(state);
        expect(displayOrderState(order, createdAtSec + 29 * 60 + 59)).toBe(state);
        expect(displayOrderState(order, createdAtSec + 30 * 60)).toBe('canceled');
      }
    }
  });

  it('never changes completed or canceled orders', () => {
    const late = createdAtSec + 86_400;
    expect(displayOrderState({ type: 'seckill', state: 'completed', createdAtSec }, late)).toBe('completed');
    expect(displayOrderState({ type: 'cart', state: 'canceled', createdAtSec }, createdAtSec)).toBe('canceled');
  });
});

describe('physical orders', () => {
  const paid = { type: 'cart' as const, state: 'completed' as const, createdAtSec: 0 };
  it('are shown completed only once delivered: paid while prepared, shipped on the way', () => {
    expect(displayOrderState(paid, 10, 'preparing')).toBe('paid');
    expect(displayOrderState(paid, 10, 'shipped')).toBe('shipped');
    expect(displayOrderState(paid, 10, 'delivered')).toBe('completed');
    // An order without a shipment (keys, virtual goods) is completed when paid.
    expect(displayOrderState(paid, 10)).toBe('completed');
    expect(displayOrderState({ ...paid, state: 'canceled' }, 10, 'canceled')).toBe('canceled');
  });
  it('may be canceled by the buyer only while the goods are being prepared', () => {
    expect(buyerMayCancelPaidOrder(paid, 'preparing')).toBe(true);
    expect(buyerMayCancelPaidOrder(paid, 'shipped')).toBe(false);
    expect(buyerMayCancelPaidOrder(paid, 'delivered')).toBe(false);
    expect(buyerMayCancelPaidOrder(paid, null)).toBe(false);
    expect(buyerMayCancelPaidOrder({ state: 'pending' }, 'preparing')).toBe(false);
  });
  it('move one step forward, and a canceled or delivered shipment not at all', () => {
    expect(SHIPMENT_NEXT).toEqual({ preparing: 'shipped', shipped: 'delivered', delivered: null, canceled: null });
  });
});
