import type { ProductCate } from '@lantern/contract';

/**
 * The query keys the app's frame reads on every page: the session (lib/session.ts) and the header's cart count
 * (lib/cartCount.ts). They are apart from lib/query-keys.ts, which builds on them, so the first page's code
 * carries these few keys and not every page's (docs/decisions/0045-server-drawn-first-screens.md).
 */
export const frameQueryKeys = {
  me: {
    /** The signed-in account itself (`null` for a guest), and the prefix of all account-scoped state. */
    all: ['me'] as const,
    /** GET /api/me/check: the post-sign-in prompts of one account. */
    checkAll: ['me', 'check'] as const,
    check: (accountId: number) => ['me', 'check', accountId] as const,
  },
  cart: {
    /** Every view of the cart and its coupon list. */
    all: ['me', 'cart'] as const,
    /** One category's lines, or every line (`'all'`). */
    view: (cate?: ProductCate) => ['me', 'cart', cate ?? 'all'] as const,
  },
};
