import { describe, expect, it } from 'vitest';
import { orderEnds, orderStateKey, orderView } from './orderView';

const T0 = 1_800_000_000;
const order = (o: Partial<Parameters<typeof orderView>[0]> = {}) => ({
  type: 'cart' as const,
  state: 'pending' as const,
  display_state: 'pending' as const,
  created_at_timestamp: T0,
  cancel_reason: null,
  ...o,
});

describe('order display', () => {
  it('counts down 30 minutes for cart and one-click orders, 10 for a flash sale', () => {
    expect(orderView(order(), T0 + 60).secondsLeft).toBe(29 * 60);
    expect(orderView(order({ type: 'one_click' }), T0).secondsLeft).toBe(30 * 60);
    expect(orderView(order({ type: 'seckill' }), T0 + 1).secondsLeft).toBe(10 * 60 - 1);
  });

  it('shows an unpaid order as canceled (expired) once its window passed, before the server sweeps it', () => {
    const v = orderView(order(), T0 + 30 * 60);
    expect(v).toMatchObject({ state: 'canceled', payable: false, expired: true, secondsLeft: 0 });
    expect(orderStateKey({ cancel_reason: null }, v)).toBe('orders.state_expired');
    expect(orderView(order({ type: 'seckill' }), T0 + 10 * 60).state).toBe('canceled');
    expect(orderView(order({ type: 'seckill' }), T0 + 10 * 60 - 1).state).toBe('pending');
  });

  it("takes the server's view when it is further along", () => {
    const v = orderView(order({ state: 'canceled', display_state: 'canceled', cancel_reason: 'deleted' }), T0);
    expect(v.state).toBe('canceled');
    expect(orderStateKey({ cancel_reason: 'deleted' }, v)).toBe('orders.state_deleted');
    expect(orderView(order({ state: 'completed', display_state: 'completed' }), T0 + 99_999).state).toBe('completed');
    expect(orderView(order({ state: 'pending', display_state: 'canceled' }), T0).expired).toBe(true);
  });
});

describe('cancel and delete', () => {
  it('offers both on an unpaid order, delete alone on a canceled or expired one, nothing on a paid or deleted one', () => {
    const at = (o: Parameters<typeof order>[0], now = T0) => orderEnds({ cancel_reason: o?.cancel_reason ?? null }, orderView(order(o), now));
    expect(at({})).toEqual({ cancel: true, delete: true });
    expect(at({ state: 'canceled', display_state: 'canceled', cancel_reason: 'canceled' })).toEqual({ cancel: false, delete: true });
    expect(at({ state: 'canceled', display_state: 'canceled', cancel_reason: 'expired' })).toEqual({ cancel: false, delete: true });
    // Expired on this clock, not yet swept: it reads canceled and can be deleted.
    expect(at({}, T0 + 30 * 60)).toEqual({ cancel: false, delete: true });
    expect(at({ state: 'canceled', display_state: 'canceled', cancel_reason: 'deleted' })).toEqual({ cancel: false, delete: false });
    expect(at({ state: 'completed', display_state: 'completed' })).toEqual({ cancel: false, delete: false });
  });
});

describe('a paid physical order', () => {
  const shipment = (state: 'preparing' | 'shipped' | 'delivered' | 'canceled') => ({
    state, carrier: null, tracking_number: null, shipped_at_timestamp: null, delivered_at_timestamp: null, updated_at_timestamp: T0,
  });
  const paid = (state: 'preparing' | 'shipped' | 'delivered') =>
    order({ state: 'completed', display_state: state === 'preparing' ? 'paid' : state === 'shipped' ? 'shipped' : 'completed', shipment: shipment(state) });

  it('reads paid, then shipped, and completed only once delivered', () => {
    expect(orderStateKey({ cancel_reason: null }, orderView(paid('preparing'), T0))).toBe('orders.state_paid');
    expect(orderStateKey({ cancel_reason: null }, orderView(paid('shipped'), T0))).toBe('orders.state_shipped');
    expect(orderStateKey({ cancel_reason: null }, orderView(paid('delivered'), T0))).toBe('orders.state_completed');
  });

  it('offers a cancel (with refund) only before it ships, never a delete', () => {
    expect(orderEnds({ cancel_reason: null }, orderView(paid('preparing'), T0))).toEqual({ cancel: true, delete: false });
    expect(orderEnds({ cancel_reason: null }, orderView(paid('shipped'), T0))).toEqual({ cancel: false, delete: false });
    expect(orderEnds({ cancel_reason: null }, orderView(paid('delivered'), T0))).toEqual({ cancel: false, delete: false });
  });

  it('reads canceled and refunded once the buyer canceled it', () => {
    const v = orderView(order({ state: 'canceled', display_state: 'canceled', cancel_reason: 'refunded', shipment: shipment('canceled') }), T0);
    expect(orderStateKey({ cancel_reason: 'refunded' }, v)).toBe('orders.state_refunded');
    expect(v.refundable).toBe(false);
  });
});
