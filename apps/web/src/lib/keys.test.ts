import { afterAll, describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { deliveryText } from './keys';

/** A waiting key never reads as ready: it says when it comes and that the buyer is told (docs/product/buying.md#key-waiting-text). */
describe('deliveryText', () => {
  const t = i18next.t.bind(i18next);
  afterAll(() => i18next.changeLanguage('en'));

  it('says when a waiting key comes and that the buyer will be notified, by where it comes from', async () => {
    await i18next.changeLanguage('en');
    const supplier = deliveryText(t, { state: 'ordering', source: 'genba', error: null });
    const restock = deliveryText(t, { state: 'ordering', source: 'pool', error: null });
    const preOrder = deliveryText(t, { state: 'pre_ordered', source: 'pool', error: null });
    expect(supplier).toMatch(/few minutes/);
    expect(restock).toMatch(/new stock/);
    expect(preOrder).toMatch(/release day/);
    for (const text of [supplier, restock, preOrder]) {
      expect(text).toMatch(/notify you/);
      expect(text).not.toMatch(/ready/i);
    }
  });

  it('keeps the supplier\'s reason after the wait, and says so in Chinese too', async () => {
    await i18next.changeLanguage('zh-CN');
    const text = deliveryText(t, { state: 'ordering', source: 'genba', error: 'factory_out_of_stock' });
    expect(text).toMatch(/通知你/);
    expect(text).toContain(t('keys.factory_out_of_stock'));
    expect(deliveryText(t, { state: 'delivered', source: 'pool', error: null })).toBe(t('keys.delivered'));
  });
});
