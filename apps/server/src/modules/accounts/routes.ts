import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { sessionRoutes } from './session-routes.ts';
import { meRoutes } from './me-routes.ts';
import { userRoutes } from './user-routes.ts';
import { addressRoutes } from './address-routes.ts';

/** The accounts module: sign-up and sessions, the own account, public users, addresses. */
export const accountRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  await app.register(sessionRoutes(deps));
  await app.register(meRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(addressRoutes(deps));
};

export { authenticate } from './sessions.ts';
