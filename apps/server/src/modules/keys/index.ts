/** Keys: pools, import, delivery when an order is paid, the supplier, lists and activation. Sits above orders. */
export { keyRoutes } from './routes.ts';
export * as tables from './tables.ts';
export { setupKeys } from './setup.ts';
export { importKeys, type ImportKeysResult } from './import.ts';
export { parseCodesText } from './codes-file.ts';
export { keyStock } from './stock.ts';
export { keyCounts, keysOfSkus } from './lists.ts';
export { supplierRetryJob, supplierOrdersSettled, retryDueSupplierOrders, type PeriodicJob } from './supplier-orders.ts';
