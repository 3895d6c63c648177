import { describe, expect, it } from 'vitest';
import { FLASH_KEYS_RETURN_GRACE_SECONDS, flashKeysReturnAtSec, flashUnitsBacking, groupSeckills, seckillRefusal, seckillStatus, secondsToMs, type SeckillPurchaseFacts } from './flash-sale.ts';

describe('flash-sale status', () => {
  const from = 1_700_000_000;
  const to = from + 3600;

  it('converts server seconds to milliseconds', () => {
    expect(secondsToMs(from)).toBe(1_700_000_000_000);
    expect(secondsToMs(0)).toBe(0);
  });

  it('has not started at or before from', () => {
    expect(seckillStatus(secondsToMs(from) - 1, from, to)).toBe('not_start');
    expect(seckillStatus(secondsToMs(from), from, to)).toBe('not_start');
  });

  it('is current strictly between from and to', () => {
    expect(seckillStatus(secondsToMs(from) + 1, from, to)).toBe('current');
    expect(seckillStatus(secondsToMs(to) - 1, from, to)).toBe('current');
  });

  it('has ended at or after to', () => {
    expect(seckillStatus(secondsToMs(to), from, to)).toBe('end');
    expect(seckillStatus(secondsToMs(to) + 1, from, to)).toBe('end');
  });

  it('never runs when from and to coincide', () => {
    expect(seckillStatus(secondsToMs(from), from, from)).toBe('not_start');
    expect(seckillStatus(secondsToMs(from) + 1, from, from)).toBe('end');
  });

  it('groups events into current, pre and history, keeping their order', () => {
    const now = secondsToMs(from) + 10;
    const a = { id: 1, from_timestamp: from, to_timestamp: to };
    const b = { id: 2, from_timestamp: to, to_timestamp: to + 60 };
    const c = { id: 3, from_timestamp: from - 60, to_timestamp: from };
    const d = { id: 4, from_timestamp: from - 10, to_timestamp: to };
    expect(groupSeckills([a, b, c, d], now)).toEqual({ current: [a, d], pre: [b], history: [c] });
    expect(groupSeckills([], now)).toEqual({ current: [], pre: [], history: [] });
  });
});

describe('seckillRefusal', () => {
  const eligible: SeckillPurchaseFacts = {
    status: 'current', closed: false, unitAvailable: true, bought: 0,
    requirements: { buyLimit: 1, phone: true, steam: false, wechat: false, registeredFromSec: 1000, registeredToSec: 2000, ownedGame: false, completedOrders: 0 },
    buyer: { phoneBound: true, steamBound: false, wechatBound: false, registeredAtSec: 1500, ownsGame: false, completedOrders: 0 },
  };
  const refuse = (over: Partial<SeckillPurchaseFacts>, requirements: Partial<SeckillPurchaseFacts['requirements']> = {}, buyer: Partial<SeckillPurchaseFacts['buyer']> = {}) =>
    seckillRefusal({ ...eligible, ...over, requirements: { ...eligible.requirements, ...requirements }, buyer: { ...eligible.buyer, ...buyer } });

  it('lets an eligible buyer through', () => {
    expect(refuse({})).toBeNull();
    expect(refuse({ bought: 1 }, { buyLimit: 2 })).toBeNull();
  });

  it('answers each reason on its own', () => {
    expect(refuse({ unitAvailable: false })).toEqual({ field: 'sec_kill', reason: 'no_inventory' });
    expect(refuse({ bought: 1 })).toEqual({ field: 'sec_kill', reason: 'exceed_limit' });
    expect(refuse({}, { wechat: true })).toEqual({ field: 'wechat', reason: 'unbound' });
    expect(refuse({}, {}, { phoneBound: false })).toEqual({ field: 'phone', reason: 'unbound' });
    expect(refuse({}, { steam: true })).toEqual({ field: 'steam', reason: 'unbound' });
    expect(refuse({}, {}, { registeredAtSec: 999 })).toEqual({ field: 'registered_at', reason: 'invalid' });
    expect(refuse({}, {}, { registeredAtSec: 2001 })).toEqual({ field: 'registered_at', reason: 'invalid' });
    expect(refuse({}, { ownedGame: true })).toEqual({ field: 'owned_game', reason: 'blank' });
    expect(refuse({}, { ownedGame: true }, { ownsGame: true })).toBeNull();
    expect(refuse({}, { completedOrders: 3 }, { completedOrders: 2 })).toEqual({ field: 'order_quota', reason: 'quota_invalid' });
    expect(refuse({}, { completedOrders: 3 }, { completedOrders: 3 })).toBeNull();
    expect(refuse({ status: 'not_start' })).toEqual({ field: 'event', reason: 'inactive' });
    expect(refuse({ status: 'end' })).toEqual({ field: 'event', reason: 'inactive' });
    expect(refuse({ closed: true })).toEqual({ field: 'event', reason: 'inactive' });
  });

  it('keeps the registration window inclusive', () => {
    expect(refuse({}, {}, { registeredAtSec: 1000 })).toBeNull();
    expect(refuse({}, {}, { registeredAtSec: 2000 })).toBeNull();
    expect(refuse({}, { registeredFromSec: null, registeredToSec: null }, { registeredAtSec: 1 })).toBeNull();
  });

  it('answers the first match in the product order', () => {
    const everything = { status: 'end' as const, closed: true, unitAvailable: false, bought: 5 };
    const wants = { wechat: true, steam: true };
    const lacks = { phoneBound: false, registeredAtSec: 1 };
    expect(refuse(everything, wants, lacks)?.reason).toBe('no_inventory');
    expect(refuse({ ...everything, unitAvailable: true }, wants, lacks)?.reason).toBe('exceed_limit');
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 }, wants, lacks)).toEqual({ field: 'wechat', reason: 'unbound' });
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 }, { steam: true }, lacks)).toEqual({ field: 'phone', reason: 'unbound' });
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 }, { steam: true }, { registeredAtSec: 1 })).toEqual({ field: 'steam', reason: 'unbound' });
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 }, { ownedGame: true, completedOrders: 1 }, { registeredAtSec: 1 })).toEqual({ field: 'registered_at', reason: 'invalid' });
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 }, { ownedGame: true, completedOrders: 1 })).toEqual({ field: 'owned_game', reason: 'blank' });
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 }, { completedOrders: 1 })).toEqual({ field: 'order_quota', reason: 'quota_invalid' });
    expect(refuse({ ...everything, unitAvailable: true, bought: 0 })).toEqual({ field: 'event', reason: 'inactive' });
  });
});

describe('flashUnitsBacking', () => {
  it('puts units on sale that keys set aside back', () => {
    expect(flashUnitsBacking({ units: 50, keysSetAside: 50, supplier: false })).toEqual({ supplierUnits: 0 });
    expect(flashUnitsBacking({ units: 0, keysSetAside: 0, supplier: false })).toEqual({ supplierUnits: 0 });
  });

  it('refuses units the pool cannot deliver, naming how many keys there are', () => {
    expect(flashUnitsBacking({ units: 50, keysSetAside: 0, supplier: false })).toEqual({ refused: 'no_inventory', keys: 0 });
    expect(flashUnitsBacking({ units: 50, keysSetAside: 49, supplier: false })).toEqual({ refused: 'no_inventory', keys: 49 });
  });

  it('lets the supplier back the units beyond the keys set aside', () => {
    expect(flashUnitsBacking({ units: 50, keysSetAside: 20, supplier: true })).toEqual({ supplierUnits: 30 });
    expect(flashUnitsBacking({ units: 50, keysSetAside: 50, supplier: true })).toEqual({ supplierUnits: 0 });
  });
});

describe('flashKeysReturnAtSec', () => {
  it('returns the keys once the last orders of the window can no longer be paid', () => {
    expect(flashKeysReturnAtSec({ toSec: 1000, closedAtSec: null })).toBe(1000 + FLASH_KEYS_RETURN_GRACE_SECONDS);
    expect(FLASH_KEYS_RETURN_GRACE_SECONDS).toBeGreaterThan(600);
  });

  it('counts from the closing when staff closed the event early, never later than the window', () => {
    expect(flashKeysReturnAtSec({ toSec: 1000, closedAtSec: 400 })).toBe(400 + FLASH_KEYS_RETURN_GRACE_SECONDS);
    expect(flashKeysReturnAtSec({ toSec: 1000, closedAtSec: 2000 })).toBe(1000 + FLASH_KEYS_RETURN_GRACE_SECONDS);
  });
});
