import { defineConfig } from 'vitest/config';

/**
 * `npm run test:production`: the production set-up behind nginx (ops/production/up.mjs), run as CI's own step
 * after the PostgreSQL and Redis tier. Its files start nginx and server processes on fixed ports, so they run
 * one at a time and never beside the server tier; they need DATABASE_URL, REDIS_URL and nginx.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.production.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
