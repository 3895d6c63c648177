import { describe, expect, it } from 'vitest';
import { errorBody } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Every error answer names its request in its body (`meta.request_id`, the same as the `x-request-id` header),
 * not only a fault (docs/decisions/0057): a refusal a user reports leads to its log lines. Read from the raw
 * body here (the test client's `json()` checks it on every error answer and leaves it out, test/support/harness.ts).
 */
const { t } = useTestApp({ env: { CAPTCHAS_PER_IP_PER_MINUTE: '1' } });

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, options: { payload?: string | object; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method, url, query: { client: 'pc' }, headers: { host: HOSTS.native, ...options.headers }, ...(options.payload !== undefined && { payload: options.payload }) });

function rawBody(res: { body: string }) {
  return JSON.parse(res.body) as { errors: Record<string, string[]>; meta: Record<string, unknown> };
}

describe('the request id in every error answer', () => {
  it.each([
    ['a validation refusal (422)', () => call('POST', '/api/accounts', { payload: { account: { email: 5 } } }), 422],
    ['an AppError (401 unauthorized)', () => call('GET', '/api/me'), 401],
    ['an unknown API route (404)', () => call('GET', '/api/no-such-thing'), 404],
    ['malformed JSON (400)', () => call('POST', '/api/accounts', { payload: '{"account":', headers: { 'content-type': 'application/json' } }), 400],
  ])('%s', async (_name, send, status) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    const body = rawBody(res);
    expect(body.meta.request_id).toEqual(expect.any(String));
    expect(body.meta.request_id).toBe(res.headers['x-request-id']);
    // Still the specification's error shape: reasons per field, and meta an object of facts.
    expect(errorBody.safeParse(body).success).toBe(true);
    expect(Object.values(body.errors).flat().length).toBeGreaterThan(0);
  });

  it('a route rate limit (429) keeps its retry_after next to the id', async () => {
    let res = await call('POST', '/api/captchas');
    for (let i = 0; i < 5 && res.statusCode !== 429; i++) res = await call('POST', '/api/captchas');
    expect(res.statusCode, res.body).toBe(429);
    const body = rawBody(res);
    expect(body.errors).toEqual({ base: ['rate_limit'] });
    expect(body.meta).toEqual({ retry_after: expect.any(Number), request_id: res.headers['x-request-id'] });
  });

  it('two answers carry two ids', async () => {
    const [one, two] = await Promise.all([call('GET', '/api/me'), call('GET', '/api/me')]);
    expect(rawBody(one).meta.request_id).not.toBe(rawBody(two).meta.request_id);
  });
});
