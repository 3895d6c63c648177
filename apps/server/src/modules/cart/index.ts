/** The cart of an account on one site, and the coupons its lines could use. */
import type { ServerModule } from '../../platform/module.ts';
import { cartRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const cartModule: ServerModule = { name: 'cart', routes: cartRoutes, tables, features: ['cart'] };

export { cartLines, removeFromCart, readCart } from './cart.ts';
export { registerOwnedProducts, type OwnedProducts } from './base-games.ts';
