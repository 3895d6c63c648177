/** The library: games owned per account and site, with playtime. */
import type { ServerModule } from '../../platform/module.ts';
import { libraryRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const libraryModule: ServerModule = { name: 'library', routes: libraryRoutes, tables, features: ['library'] };

export { grantGames, grantLibraryGames, LIBRARY_KINDS } from './grants.ts';
export { countGames, libraryGameIdOf, libraryProductIds } from './library.ts';
