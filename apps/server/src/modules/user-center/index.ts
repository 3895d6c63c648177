/** The user centre's home: the account's counts and shortcuts in one answer. */
import type { ServerModule } from '../../platform/module.ts';
import { userCenterRoutes } from './routes.ts';

export const userCenterModule: ServerModule = { name: 'user-center', routes: userCenterRoutes, features: ['user_center'] };
