/** Region and site endpoints: which site a client is on and where the other one is. */
import type { ServerModule } from '../../platform/module.ts';
import { regionRoutes } from './routes.ts';

export const regionModule: ServerModule = { name: 'region', routes: regionRoutes };
