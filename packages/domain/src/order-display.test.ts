import { describe, expect, it } from 'vitest';
import { ORDER_STATES, ORDER_TYPES, displayOrderState, orderExpiresAt, orderExpirySeconds } from './order-display.ts';

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
