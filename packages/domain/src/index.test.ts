import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

/** Other packages import these names from the package entry; renaming one breaks them. */
describe('public entry', () => {
  it('exports the names other packages rely on', () => {
    const names = [
      'SITES', 'KNOWN_REGIONS', 'resolveRegion', 'areaOfRegion', 'LANGUAGES', 'API_VERSIONS', 'parseAcceptVersion', 'CLIENTS',
      'NICKNAME_MAX_WEIGHT', 'nicknameWeight', 'isNicknameSafe',
      'isRealNameValid', 'parseResidentIdNumber', 'ageOn', 'MINIMUM_AGE', 'isBelowMinimumAge', 'ADULT_AGE',
      'IDENTIFICATION_DAILY_LIMIT', 'IDENTIFICATION_TOTAL_LIMIT', 'identificationRemaining', 'IDENTIFICATION_REASONS',
      'PASSWORD_MIN_LENGTH', 'PASSWORD_MAX_LENGTH', 'checkPassword', 'isEmailValid', 'normalizeEmail', 'isPhoneValid',
      'normalizePhone', 'classifyLogin',
      'maskPhone', 'maskEmail', 'maskCredential', 'maskRealName',
      'VERIFICATION_CODE_LENGTH', 'VERIFICATION_CODE_TTL_SECONDS', 'CODE_RESEND_INTERVAL_SECONDS', 'CODE_SENDS_BEFORE_CAPTCHA',
      'CODE_MAX_ATTEMPTS', 'CODE_PURPOSES',
      'FAILURES_BEFORE_CAPTCHA', 'FAILURES_BEFORE_LOCK', 'FAILURE_WINDOW_SECONDS', 'IP_FAILURES_PER_WINDOW',
      'ACCESS_TOKEN_TTL_SECONDS', 'REFRESH_TOKEN_TTL_SECONDS', 'REFRESH_PROTECTION_SECONDS', 'signInStep',
      'BIND_TASK_SCORE', 'CLOCK_IN_SCORE', 'totalScore', 'clockInDay', 'POINT_KINDS',
      'PAGE_SIZES', 'IMAGE_MAX_BYTES',
      'seckillStatus', 'seckillRefusal', 'groupSeckills', 'secondsToMs', 'displayOrderState', 'orderExpiresAt',
      'effectiveSalePrice', 'discountPercent', 'priceLabel', 'SEARCH_ORDER_KEYS', 'parseSearchOrder', 'filterSkusByRegion',
      'sortCouponsForSettlement', 'sortCouponsNewestFirst', 'sortGiftPacks', 'CART_DELTA_MIN', 'CART_DELTA_MAX',
      'checkCartQuantityChange', 'capCubes', 'isSpringboardVisible', 'isLayoutContentLive', 'applyLikeChange',
      'countAfterDeletingComment', 'countAfterDeletingReply', 'notificationCounts', 'pushVisibleNotification', 'mergePage',
      'isListFinished', 'playtimeHours', 'REASON_CODES', 'isValidDistrictPath', 'readerText', 'screenTexts',
    ];
    const missing = names.filter((name) => !(name in domain));
    expect(missing).toEqual([]);
  });
});
