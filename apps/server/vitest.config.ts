import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Behaviour only a shared Redis has (pub/sub between instances, the flash-sale gate's script) is proven in
    // `*.redis.test.ts`, which run in the PostgreSQL and Redis tier: without Redis there is nothing to prove,
    // and a skipped test would say otherwise.
    // Likewise what only PostgreSQL has (sessions it can end, as a restart does) is in `*.postgres.test.ts`.
    exclude: [
      '**/node_modules/**',
      // The production set-up behind nginx starts processes of its own: its own CI step (vitest.production.config.ts).
      'test/**/*.production.test.ts',
      ...(process.env.REDIS_URL ? [] : ['test/**/*.redis.test.ts']),
      ...(process.env.DATABASE_URL ? [] : ['test/**/*.postgres.test.ts']),
    ],
    // One migrated database per run, copied for each file instead of built from nothing (test/support/template-database.ts).
    globalSetup: ['test/support/template-database.ts'],
    // A statement sent on a connection while another one on it is pending fails the test (docs/decisions/0057).
    setupFiles: ['test/support/one-query-at-a-time.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two at a time suits a two-core machine.
    maxWorkers: 2,
    // Files of a worker share one module graph instead of importing the whole app again each (that import was
    // a third of the tier). Nothing leaks between them: a file's state lives in the app it builds, and the
    // module-level registries (discussion targets, report targets, badge sources…) are filled by each app's
    // setup, so a file's createTestApp puts back whatever a file before it registered in their place.
    isolate: false,
  },
});
