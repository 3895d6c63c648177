/** The storefront: the store home and its blocks, custom layouts and packs, the tag list. */
import type { ServerModule } from '../../platform/module.ts';
import { storefrontRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const storefrontModule: ServerModule = { name: 'storefront', routes: storefrontRoutes, tables, features: ['custom_layouts'] };

export { loadContents, presentContents } from './content.ts';
export { homeFirstScreen, type FirstScreen } from './first-screen.ts';
export { provideHomeBlock, type HomeBlock, type HomeBlockLoader } from './home-blocks.ts';
