import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

/** Every row of the product constants table (docs/product/limits.md), read through the package's public entry. */
describe('product constants (docs/product/limits.md)', () => {
  it('times of the interface', () => {
    expect(domain.TOAST_DURATION_MS).toBe(4000);
    expect(domain.PROMPT_TOAST_DURATION_MS).toBe(3000);
    expect(domain.PROMPT_TOAST_DELAY_MS).toBe(500);
    expect(domain.SIGN_IN_TIMEOUT_MS).toBe(10_000);
    expect(domain.REDIRECT_AFTER_SIGN_IN_MS).toBe(1000);
    expect(domain.KEY_LIST_REUSE_MS).toBe(50_000);
    expect(domain.USER_LOOKUP_BATCH_MS).toBe(500);
    expect(domain.ACCESS_WAIT_RETRY_MS).toBe(500);
    expect(domain.LAYOUT_PACK_MERGE_MS).toBe(1000);
    expect(domain.LAYOUT_PACK_BATCH_SIZE).toBe(30);
  });

  it('order expiry', () => {
    expect(domain.SECKILL_ORDER_EXPIRY_SECONDS).toBe(600);
    expect(domain.ORDER_EXPIRY_SECONDS).toBe(1800);
  });

  it('limits', () => {
    expect(domain.NICKNAME_MAX_WEIGHT).toBe(20);
    expect(domain.IMAGE_MAX_BYTES).toBe(4_194_304);
    expect(domain.BIND_TASK_SCORE).toBe(10);
    expect([domain.CART_DELTA_MIN, domain.CART_DELTA_MAX]).toEqual([-1, 1]);
    expect(domain.MINIMUM_AGE).toBe(8);
    expect(domain.VISIBLE_NOTIFICATIONS_MAX).toBe(3);
    expect(domain.GUIDE_STEPS).toBe(10);
    expect(domain.HOT_GROUP_CAP).toBe(4);
    expect(domain.MALL_INDEX_HEADLINE_CAP).toBe(3);
    expect(domain.DEFAULT_PAGE).toBe(1);
  });

  it('page sizes', () => {
    expect(domain.PAGE_SIZES).toEqual({
      conversations: 10,
      headlines: 10,
      headline_comments: 15,
      replies: 5,
      sku_search: 30,
      talk_comments: 10,
      reviews: 7,
      posts: 10,
      messages: 10,
      tag_recommendations: 10,
      sku_batch: 30,
      store_search: 10,
      recommended_groups: 3,
      red_packet_accounts: 4,
      not_reviewed: 10,
    });
    for (const per of Object.values(domain.PAGE_SIZES)) expect(per).toBeLessThanOrEqual(domain.PER_MAX);
  });
});
