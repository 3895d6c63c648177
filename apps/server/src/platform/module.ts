import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import type { Feature } from './features.ts';
import type { PeriodicJob } from './jobs.ts';

/** Routes of a module, built on the platform's dependencies. */
export type RoutesOf = (deps: Deps) => FastifyPluginAsyncZod;

/**
 * The one public face of a server module (docs/ARCHITECTURE.md "Adding a module"). The application, the
 * job runner and the schema read every module through this shape from the list in modules/registry.ts;
 * nothing is wired by hand elsewhere.
 *
 * - `routes`: public and signed-in routes.
 * - `staffRoutes`: back-office routes. They are registered inside one scope whose hook requires the
 *   `api_staff` permission before any handler runs, so a staff route cannot be left unguarded; a route
 *   that needs more (`api_admin`) says so in its own options: `preValidation: permissionHook('api_admin')`.
 * - `jobs`: periodic work.
 * - `tables`: the module's Drizzle tables (the schema is the union of every module's).
 * - `features`: the parts of the store it provides; the server switch turns exactly these on.
 * - `setup`: plugs the module into modules below it (a fulfilment step into orders, say) without them
 *   importing it; run once for every module, in the registry's order, before anything is served or seeded.
 * - `drain`: waits for work the module started in the background, on shutdown.
 */
export interface ServerModule {
  name: string;
  routes?: RoutesOf;
  staffRoutes?: RoutesOf;
  jobs?: readonly PeriodicJob[];
  tables?: Record<string, unknown>;
  features?: readonly Feature[];
  setup?(): void;
  drain?(): Promise<void>;
}
