/** Times and limits of docs/product/limits.md used by the web: from @lantern/domain, under the names the web uses. */
export {
  TOAST_DURATION_MS as TOAST_MS,
  PROMPT_TOAST_DELAY_MS,
  PROMPT_TOAST_DURATION_MS as PROMPT_TOAST_MS,
  SIGN_IN_TIMEOUT_MS,
  REDIRECT_AFTER_SIGN_IN_MS as SIGN_IN_REDIRECT_MS,
  NICKNAME_MAX_WEIGHT,
  PAGE_SIZES,
} from '@lantern/domain';

/** Point records per page: the product names no size for this list; the posts/messages size fits. */
export const POINT_DETAILS_PER = 10;
