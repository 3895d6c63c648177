/**
 * Linked accounts (docs/product/linked-accounts.md, decisions/0024): Steam bound by OpenID 2.0, WeChat and Weibo by
 * OAuth 2.0, through the providers in platform/linked-accounts (real by keys, sandbox where allowed); Steam data and
 * friends through the Steam Web API. Above accounts: it provides the account's `platforms` (basic info, and the
 * Steam and WeChat requirements of flash sales) through accounts' hook, so no module reads its tables.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import type { ServerModule } from '../../platform/module.ts';
import { providePlatforms } from '../accounts/index.ts';
import { platformsForMany } from './links.ts';
import { linkedAccountRoutes } from './routes.ts';
import { linkedAccountSandboxRoutes } from './sandbox-routes.ts';
import * as tables from './tables.ts';

const routes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  await app.register(linkedAccountRoutes(deps));
  await app.register(linkedAccountSandboxRoutes(deps));
};

export const linkedAccountsModule: ServerModule = {
  name: 'linked-accounts',
  routes,
  tables,
  setup: () => providePlatforms(platformsForMany),
};

export { provideBindFollowUp, type BindFollowUp } from './follow-ups.ts';
