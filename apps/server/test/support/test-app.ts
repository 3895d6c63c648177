import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Deps } from '../../src/platform/deps.ts';
import { clients } from './client.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.ts';

export type Clients = ReturnType<typeof clients>;

export interface UseTestAppOptions extends TestAppOptions {
  /** Seed data the file starts from (seedAccounts, seedCatalog…), run in this order once the app is built. */
  seed?: Array<(deps: Deps) => Promise<unknown>>;
  /** A fresh app for each test instead of one for the file (a test that asserts a whole empty store, say). */
  each?: 'test';
}

/**
 * The set-up a server test file shares with the others: an app of its own (createTestApp) built before the
 * file's first test and closed after its last, a client for each site, and the seed data it asks for.
 *
 * It is called at the top of the file, before the app exists, so `t` and `api` are stand-ins that read the app
 * once it is built: inside tests and hooks they are used exactly as the app and the clients themselves. Hooks
 * the file registers after this call run after the app is built (and close before it).
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): { t: TestApp; api: Clients } {
  // Options a file only knows once its own hooks ran before this one (a local stub's address, a built web
  // app's folder) are given as a function, read when the app is built.
  const { each } = typeof options === 'function' ? {} : options;
  let built: { t: TestApp; api: Clients } | undefined;
  const current = () => {
    if (!built) throw new Error('useTestApp: the app is built in a hook, so read it inside a test or a hook');
    return built;
  };
  const build = async () => {
    const { seed = [], each: _each, ...appOptions } = typeof options === 'function' ? options() : options;
    const t = await createTestApp(appOptions);
    built = { t, api: clients(t) };
    for (const step of seed) await step(t.deps);
  };
  const close = async () => {
    await built?.t.close();
    built = undefined;
  };
  if (each === 'test') {
    beforeEach(build);
    afterEach(close);
  } else {
    beforeAll(build);
    afterAll(close);
  }
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
