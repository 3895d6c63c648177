import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients, type SiteClient } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * With Redis only (this file runs in the PostgreSQL and Redis tier; vitest.config.ts): a revocation on one
 * instance reaches the other's session cache at once through pub/sub, not only when its window ends
 * (session-cache.test.ts proves the window on every store).
 */
const { t, api } = useTestApp();
let second: TestApp;
let api2: ReturnType<typeof clients>;
beforeAll(async () => {
  second = await createTestApp({ sameDatabaseAs: t });
  api2 = clients(second);
});
afterAll(async () => {
  await second.close();
});

const me = (client: SiteClient, token: string) => client.get('/api/me', { token });

it('tells the other instance of a sign-out at once', async () => {
  const user = await makeAccount(t);
  expect((await me(api2.native, user.token)).statusCode).toBe(200);
  // Subscribed before: the message is waited for as an event, never by sleeping.
  const heard = new Promise<void>((resolve) => {
    void second.deps.kv.subscribe('sessions:revoked', (message) => {
      if (message === String(user.id)) resolve();
    });
  });
  expect((await api.native.delete('/api/access_token', { token: user.token })).statusCode).toBe(204);
  await heard;
  expect((await me(api2.native, user.token)).statusCode).toBe(401);
});
