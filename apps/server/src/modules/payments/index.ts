/** Payments: methods, pay, the gateway's notifications, pay_query, refunds. Sits above orders and calls down. */
export { paymentRoutes } from './routes.ts';
export * as tables from './tables.ts';
export { setupPayments } from './setup.ts';
export { startRefundRetries, settlePendingRefunds } from './refunds.ts';
