import { describe, expect, it } from 'vitest';
import { WISH_ALERT_MIN_DAYS, wishAlertReason } from './wish-alerts.ts';

const now = new Date('2026-11-20T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('wishAlertReason', () => {
  it('records a baseline on the first look: no alert', () => {
    expect(wishAlertReason(null, { price: 100, released: true }, now)).toBeNull();
  });
  it('a lower price is a sale, a release a release (which wins); the same or a higher price is nothing', () => {
    expect(wishAlertReason({ price: 100, released: true, toldAt: null }, { price: 80, released: true }, now)).toBe('sale');
    expect(wishAlertReason({ price: 100, released: false, toldAt: null }, { price: 80, released: true }, now)).toBe('released');
    expect(wishAlertReason({ price: 100, released: true, toldAt: null }, { price: 100, released: true }, now)).toBeNull();
    expect(wishAlertReason({ price: 80, released: true, toldAt: null }, { price: 100, released: true }, now)).toBeNull();
  });
  it(`tells at most once in ${WISH_ALERT_MIN_DAYS} days`, () => {
    expect(WISH_ALERT_MIN_DAYS).toBe(7);
    expect(wishAlertReason({ price: 100, released: true, toldAt: daysAgo(6.9) }, { price: 50, released: true }, now)).toBeNull();
    expect(wishAlertReason({ price: 100, released: true, toldAt: daysAgo(7) }, { price: 50, released: true }, now)).toBe('sale');
  });
});
