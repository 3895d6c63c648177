/** The library: games owned per account and site, playtime. Sits above orders (and reads keys). */
import type { ServerModule } from '../../platform/module.ts';
import { libraryRoutes } from './routes.ts';
import { setupLibrary } from './setup.ts';
import * as tables from './tables.ts';

export const libraryModule: ServerModule = { name: 'library', routes: libraryRoutes, tables, features: ['library'], setup: setupLibrary };

export { grantGames, type LibraryGrant } from './grants.ts';
export { countGames, libraryGameIdOf, libraryProductIds, ownershipOf, ownedProductsOf } from './library.ts';
