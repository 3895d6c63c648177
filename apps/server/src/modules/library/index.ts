/** The library: games owned per account and site, playtime. Sits above orders (and reads keys). */
export { libraryRoutes } from './routes.ts';
export * as tables from './tables.ts';
export { setupLibrary } from './setup.ts';
export { grantGames, type LibraryGrant } from './grants.ts';
export { countGames, libraryGameIdOf, libraryProductIds } from './library.ts';
