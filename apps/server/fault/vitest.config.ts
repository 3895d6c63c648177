import { defineConfig } from 'vitest/config';

/**
 * The fault tier (docs/operations.md#reliability): real server processes on a PostgreSQL cluster and a Redis of
 * its own, killed and restarted mid-rush. One file, run alone: its scenarios share the cluster and the two
 * instances, and a second file at the same time would be a second rush on a two-core machine.
 */
export default defineConfig({
  test: {
    include: ['fault/**/*.fault.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // The seeding handle's pool (in this process) says so each time the restart scenario ends its connections.
    onConsoleLog: (line) => !/^PostgreSQL (connection lost|idle client error)/.test(line),
  },
});
