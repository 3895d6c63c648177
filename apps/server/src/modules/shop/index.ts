/** The peripheral shop: its home, nav tags, a tag's products, categories. */
import type { ServerModule } from '../../platform/module.ts';
import { shopRoutes } from './routes.ts';

export const shopModule: ServerModule = { name: 'shop', routes: shopRoutes, features: ['peripheral_shop'] };
