// The payments API paths, apart from its schemas (payments.ts re-exports them): see src/paths/README.md.

/** Paths of the payment calls (the web builds them from here; `.json` is also accepted). */
export const PAYMENT_API = {
  orderPayments: (orderId: number | string) => `/api/orders/${orderId}/payments`,
  pay: (orderId: number | string) => `/api/orders/${orderId}/pay`,
  payQuery: (orderId: number | string) => `/api/orders/${orderId}/pay_query`,
  notify: (gateway: string) => `/api/payments/notify/${gateway}`,
} as const;
