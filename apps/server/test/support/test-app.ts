import { afterAll, beforeAll } from 'vitest';
import type { Deps } from '../../src/platform/deps.ts';
import { clients } from './client.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.ts';

export type Clients = ReturnType<typeof clients>;

export interface UseTestAppOptions extends TestAppOptions {
  /** Seed data the file starts from (seedAccounts, seedCatalog…), run in this order once the app is built. */
  seed?: Array<(deps: Deps) => Promise<unknown>>;
}

/**
 * The set-up a server test file shares with the others: an app of its own (createTestApp) built before the
 * file's first test and closed after its last, a client for each site, and the seed data it asks for.
 *
 * It is called at the top of the file, before the app exists, so `t` and `api` are stand-ins that read the app
 * once it is built: inside tests and hooks they are used exactly as the app and the clients themselves. Hooks
 * the file registers after this call run after the app is built (and close before it).
 */
export function useTestApp(options: UseTestAppOptions = {}): { t: TestApp; api: Clients } {
  const { seed = [], ...appOptions } = options;
  let built: { t: TestApp; api: Clients } | undefined;
  const current = () => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll, so read it inside a test or a hook');
    return built;
  };
  beforeAll(async () => {
    const t = await createTestApp(appOptions);
    built = { t, api: clients(t) };
    for (const step of seed) await step(t.deps);
  });
  afterAll(async () => {
    await built?.t.close();
    built = undefined;
  });
  const t: TestApp = {
    get app() {
      return current().t.app;
    },
    get deps() {
      return current().t.deps;
    },
    get clock() {
      return current().t.clock;
    },
    get database() {
      return current().t.database;
    },
    get messages() {
      return current().t.messages;
    },
    close: () => current().t.close(),
  };
  const api: Clients = {
    get native() {
      return current().api.native;
    },
    get abroad() {
      return current().api.abroad;
    },
  };
  return { t, api };
}
