// drizzle-kit reads tables from here: every module's tables file, re-exported.
export * from '../../modules/accounts/tables.ts';
export * from '../../modules/catalog/tables.ts';
export * from '../../modules/storefront/tables.ts';
export * from '../../modules/cart/tables.ts';
export * from '../../modules/coupons/tables.ts';
export * from '../../modules/orders/tables.ts';
export * from '../../modules/payments/tables.ts';
export * from '../../modules/keys/tables.ts';
export * from '../../modules/library/tables.ts';
export * from '../../modules/redeem/tables.ts';
export * from './platform-tables.ts';
