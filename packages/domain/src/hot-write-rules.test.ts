import { describe, expect, it } from 'vitest';
import { ownershipProblems, ownershipProductIds, placingAccountRefusal, walletPayRefusal } from './hot-write-rules.ts';

const game = { skuId: 1, productId: 10, kind: 'game', baseProductId: null };
const dlc = { skuId: 2, productId: 20, kind: 'dlc', baseProductId: 10 };
const goods = { skuId: 3, productId: 30, kind: 'peripheral', baseProductId: null };

describe('placing an order: the account-wide rules', () => {
  it('says the market before the ban, and nothing when neither applies', () => {
    expect(placingAccountRefusal({ marketBlocked: true, banned: true })).toEqual({ field: 'ip', reason: 'purchase_blocked' });
    expect(placingAccountRefusal({ marketBlocked: false, banned: true })).toEqual({ field: 'account', reason: 'purchase_ban' });
    expect(placingAccountRefusal({ marketBlocked: false, banned: false })).toBeNull();
  });
});

describe('placing an order: the ownership rules', () => {
  it('refuses an owned or held game, and a DLC whose base is neither owned nor ordered with it', () => {
    expect(ownershipProblems([game], new Map([[10, 'owned']]))).toEqual([{ skuId: 1, reason: 'owned' }]);
    expect(ownershipProblems([game], new Map([[10, 'locked']]))).toEqual([{ skuId: 1, reason: 'locked' }]);
    expect(ownershipProblems([dlc], new Map())).toEqual([{ skuId: 2, reason: 'has_no_base' }]);
    expect(ownershipProblems([dlc], new Map([[10, 'locked']]))).toEqual([{ skuId: 2, reason: 'has_no_base' }]);
  });

  it('lets a DLC through with its base owned or in the same order, and never asks about goods', () => {
    expect(ownershipProblems([dlc], new Map([[10, 'owned']]))).toEqual([]);
    expect(ownershipProblems([game, dlc], new Map())).toEqual([]);
    expect(ownershipProblems([goods], new Map([[30, 'owned']]))).toEqual([]);
    expect(ownershipProductIds([goods])).toEqual([]);
    expect(ownershipProductIds([game, dlc, goods])).toEqual([10, 20, 10]);
  });
});

describe('paying from the wallet', () => {
  const fine = { cashSupported: true, walletFrozen: false, balance: 500, total: 500 };
  it('says points-only lines first, then a frozen wallet, then a short balance', () => {
    expect(walletPayRefusal({ ...fine, cashSupported: false, walletFrozen: true, balance: 0 })).toBe('cash_unsupported');
    expect(walletPayRefusal({ ...fine, walletFrozen: true, balance: 0 })).toBe('wallet_frozen');
    expect(walletPayRefusal({ ...fine, balance: 499 })).toBe('insufficient_balance');
    expect(walletPayRefusal(fine)).toBeNull();
  });
});
