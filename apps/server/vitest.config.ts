import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Behaviour only a shared Redis has (pub/sub between instances, the flash-sale gate's script) is proven in
    // `*.redis.test.ts`, which run in the PostgreSQL and Redis tier: without Redis there is nothing to prove,
    // and a skipped test would say otherwise.
    exclude: process.env.REDIS_URL ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/**/*.redis.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two at a time suits a two-core machine.
    maxWorkers: 2,
  },
});
