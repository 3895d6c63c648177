import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Two server instances on one database, clock and key-value prefix — two processes behind one load balancer
 * (the harness's `sameDatabaseAs`) — built before the file's tests and closed after them, the second first.
 * For what each instance keeps for itself a few seconds (the watched words, a writer's standing): read
 * `first` and `second` inside the tests, once the file has started.
 */
export function twoInstances(): Readonly<{ first: TestApp; second: TestApp }> {
  const pair = {} as { first: TestApp; second: TestApp };
  beforeAll(async () => {
    pair.first = await createTestApp();
    pair.second = await createTestApp({ sameDatabaseAs: pair.first });
  });
  afterAll(async () => {
    await pair.second?.close();
    await pair.first?.close();
  });
  return pair;
}
