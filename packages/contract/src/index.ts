export * from './common.ts';
export * from './site.ts';
export * from './captcha.ts';
export * from './messages.ts';
export * from './accounts.ts';
export * from './addresses.ts';
export * from './routes.ts';
