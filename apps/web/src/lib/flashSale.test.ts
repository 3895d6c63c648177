import type { HomeSeckill, SeckillLive } from '@lantern/contract';
import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { ApiError } from './api';
import { FLASH_REFUSALS, flashBuyOutcome, flashRefusalAction, flashRefusalText, flashSecondsLeft, flashStatus, liveLeft, stockBar, stockOf } from './flashSale';

const t = i18next.t.bind(i18next);

const event = (o: Partial<HomeSeckill> = {}): HomeSeckill => ({
  id: 7, area: 'native', title: { chs: '秒杀', en: 'Flash' }, index: 0, from_timestamp: 1_000, to_timestamp: 2_000, status: 'not_start', closed: false, price: 990, left: 10,
  items: [{ id: 70, sku_id: 700, price: 990, stock: 10, left: 10, buy_limit: 1, supplier_units: 0, sku: null }, { id: 71, sku_id: 701, price: 1990, stock: 5, left: 2, buy_limit: 2, supplier_units: 0, sku: null }],
  requirements: { phone: false, steam: false, wechat: false, registered_from_timestamp: null, registered_to_timestamp: null, owned_sku_id: null, completed_orders: 0 },
  ...o,
});

describe('status and countdown at server time', () => {
  it('is upcoming at and before the opening second, current strictly inside, ended at the end or when closed', () => {
    expect(flashStatus(event(), 1_000_000)).toBe('not_start');
    expect(flashStatus(event(), 1_000_001)).toBe('current');
    expect(flashStatus(event(), 1_999_999)).toBe('current');
    expect(flashStatus(event(), 2_000_000)).toBe('end');
    expect(flashStatus(event({ closed: true }), 1_500_000)).toBe('end');
  });

  it('counts down to the start before it, to the end while current, rounding up to whole seconds', () => {
    expect(flashSecondsLeft(event(), 995_000)).toBe(5);
    expect(flashSecondsLeft(event(), 999_001)).toBe(1);
    expect(flashSecondsLeft(event(), 1_000_000)).toBe(0);
    expect(flashSecondsLeft(event(), 1_000_500)).toBe(1000);
    expect(flashSecondsLeft(event(), 2_000_000)).toBe(0);
  });
});

describe('stock bar', () => {
  it('shows the share left, sold out at 0, never a bar that looks empty while units are left', () => {
    expect(stockBar(5, 10)).toEqual({ left: 5, stock: 10, percent: 50, soldOut: false });
    expect(stockBar(0, 10)).toEqual({ left: 0, stock: 10, percent: 0, soldOut: true });
    expect(stockBar(1, 1000).percent).toBe(1);
    expect(stockBar(12, 10).percent).toBe(100);
    expect(stockBar(-3, 0)).toEqual({ left: 0, stock: 0, percent: 0, soldOut: true });
  });

  it('takes the live stock over the cached event, per event or per SKU', () => {
    const live: SeckillLive = { server_timestamp: 1_500, server_time_ms: 1_500_000, sec_kills: [{ id: 7, status: 'current', from_timestamp: 1_000, to_timestamp: 2_000, left: 3, items: [{ id: 70, sku_id: 700, left: 1 }, { id: 71, sku_id: 701, left: 2 }] }] };
    expect(liveLeft(event(), live)).toBe(3);
    expect(liveLeft(event(), live, 700)).toBe(1);
    expect(liveLeft(event(), undefined, 701)).toBe(2);
    expect(liveLeft(event(), undefined)).toBe(10);
    expect(liveLeft(event({ id: 8 }), live)).toBe(10);
    expect(stockOf(event())).toBe(15);
    expect(stockOf(event(), 701)).toBe(5);
  });
});

describe('a refused buy', () => {
  const refused = (errors: Record<string, string[]>, status = 422) => flashBuyOutcome(new ApiError(status, errors));

  it('goes to /404 when the sale is unknown and to /ip_error when purchases are blocked from the network', () => {
    expect(refused({ base: ['not_found'] }, 404)).toEqual({ go: '/404' });
    expect(refused({ ip: ['purchase_blocked'] }, 403)).toEqual({ go: '/ip_error' });
    expect(refused({ base: ['server_error'] }, 500)).toEqual({ go: '/500' });
    expect(refused({ base: ['unauthorized'] }, 401)).toEqual({ signIn: true });
    expect(flashBuyOutcome(new ApiError(0, { base: ['network'] }))).toEqual({ other: 'network' });
  });

  it('names the first reason in the product order when several come', () => {
    expect(refused({ sec_kill: ['exceed_limit'], phone: ['unbound'] })).toEqual({ refusal: 'exceed_limit' });
    expect(refused({ phone: ['unbound'], wechat: ['unbound'] })).toEqual({ refusal: 'wechat_unbound' });
    expect(refused({ event: ['inactive'], account: ['purchase_ban'] })).toEqual({ refusal: 'inactive' });
    expect(refused({ account: ['purchase_ban'] })).toEqual({ refusal: 'purchase_ban' });
    expect(refused({ sku: ['locked'], sec_kill: ['no_inventory'] })).toEqual({ refusal: 'locked' });
    expect(refused({ registered_at: ['invalid'] })).toEqual({ refusal: 'registered_at' });
    expect(refused({ sku: ['owned'] })).toEqual({ refusal: 'owned' });
    expect(refused({ something: ['new_reason'] })).toEqual({ other: 'unknown' });
  });

  it('says every refusal in both languages, each differently, with the limit and the dates', async () => {
    for (const lang of ['en', 'zh-CN']) {
      await i18next.changeLanguage(lang);
      const texts = FLASH_REFUSALS.map((r) => flashRefusalText(t, r.kind, { buyLimit: 3, registeredFrom: null, registeredTo: null }));
      for (const text of texts) expect(text).not.toMatch(/flash\.refusals|\{\{/);
      expect(new Set(texts).size).toBe(texts.length);
      expect(flashRefusalText(t, 'exceed_limit', { buyLimit: 3, registeredFrom: null, registeredTo: null })).toContain('3');
      const between = flashRefusalText(t, 'registered_at', { buyLimit: 1, registeredFrom: '2026-01-01', registeredTo: '2026-06-30' });
      expect(between).toContain('2026-01-01');
      expect(between).toContain('2026-06-30');
    }
    await i18next.changeLanguage('en');
    expect(flashRefusalText(t, 'phone_unbound', { buyLimit: 1, registeredFrom: null, registeredTo: null })).toMatch(/bound phone/);
    expect(flashRefusalText(t, 'steam_unbound', { buyLimit: 1, registeredFrom: null, registeredTo: null })).toMatch(/only for accounts with Steam linked/);
  });

  it('points a missing phone at the security settings, Steam or WeChat at linked accounts, a held game at the orders', () => {
    expect(flashRefusalAction('phone_unbound')).toBe('security');
    expect(flashRefusalAction('steam_unbound')).toBe('linked_accounts');
    expect(flashRefusalAction('wechat_unbound')).toBe('linked_accounts');
    expect(flashRefusalAction('locked')).toBe('orders');
    expect(flashRefusalAction('owned')).toBe('library');
    expect(flashRefusalAction('no_inventory')).toBeNull();
  });
});
