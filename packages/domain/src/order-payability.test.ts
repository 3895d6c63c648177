import { describe, expect, it } from 'vitest';
import { completesWhenPlaced, unpayableReason } from './order-payability.ts';

describe('unpayableReason', () => {
  const now = 1_700_000_000_000;
  const open = { cancelReason: null, expiresAtMs: now + 1 } as const;

  it('lets an unpaid order inside its window be paid', () => {
    expect(unpayableReason({ ...open, state: 'pending' }, now)).toBeNull();
    expect(unpayableReason({ ...open, state: 'in_checkout' }, now)).toBeNull();
  });

  it('ends the window at the expiry instant exactly', () => {
    expect(unpayableReason({ ...open, state: 'pending', expiresAtMs: now }, now)).toBe('expired');
    expect(unpayableReason({ ...open, state: 'pending', expiresAtMs: now + 1 }, now)).toBeNull();
  });

  it('refuses a completed order, and a canceled one as expired or canceled by why it was canceled', () => {
    expect(unpayableReason({ ...open, state: 'completed' }, now)).toBe('completed');
    expect(unpayableReason({ ...open, state: 'canceled', cancelReason: 'expired' }, now)).toBe('expired');
    expect(unpayableReason({ ...open, state: 'canceled', cancelReason: 'canceled' }, now)).toBe('canceled');
    expect(unpayableReason({ ...open, state: 'canceled', cancelReason: 'deleted' }, now)).toBe('canceled');
  });
});

describe('completesWhenPlaced', () => {
  const cash = { cashPayable: true };

  it('completes an order with nothing to pay at once', () => {
    expect(completesWhenPlaced({ totalAmount: 0, lines: [cash] })).toBe(true);
    expect(completesWhenPlaced({ totalAmount: 0, lines: [cash, cash] })).toBe(true);
  });

  it('sends an order with a total above zero to payment', () => {
    expect(completesWhenPlaced({ totalAmount: 1, lines: [cash] })).toBe(false);
  });

  it('keeps an order waiting when a line is sold for points only, and never completes an order without lines', () => {
    expect(completesWhenPlaced({ totalAmount: 0, lines: [cash, { cashPayable: false }] })).toBe(false);
    expect(completesWhenPlaced({ totalAmount: 0, lines: [] })).toBe(false);
  });
});
