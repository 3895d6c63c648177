import { describe, expect, it } from 'vitest';
import { email } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp({ env: { CONTACT_CHECKS_PER_IP_PER_HOUR: '3', CAPTCHAS_PER_IP_PER_MINUTE: '2', USER_LOOKUPS_PER_IP_PER_MINUTE: '2' } });

const RATE_LIMITED = { errors: { base: ['rate_limit'] }, meta: { retry_after: expect.any(Number) } };
/** Asks whether an address has an account, as an enumerator would: the answer is taken / not_found. */
const probe = (ip: string, target = email()) => api.native.post('/api/message', { message: { type: 'Email', target, purpose: 'reset_password' } }, { ip });

describe('per-address budgets', () => {
  it('stops answering whether a contact has an account after the budget, across every route that tells', async () => {
    const ip = '198.51.100.7';
    expect((await probe(ip)).json()).toEqual({ errors: { target: ['not_found'] } });
    expect((await probe(ip)).statusCode).toBe(422);
    const signUp = await api.native.post('/api/accounts', { account: { email: email() } }, { ip });
    expect(signUp.statusCode).toBe(422);

    const refused = await probe(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const signIn = await api.native.post('/api/access_token', { access_token: { login: email(), password: 'x' } }, { ip });
    expect(signIn.json()).toEqual(RATE_LIMITED);

    // Another address has a budget of its own.
    expect((await probe('198.51.100.8')).json()).toEqual({ errors: { target: ['not_found'] } });
  });

  it('limits captchas per address', async () => {
    const ip = '198.51.100.20';
    expect((await api.native.post('/api/captchas', undefined, { ip })).statusCode).toBe(201);
    expect((await api.native.post('/api/captchas', undefined, { ip })).statusCode).toBe(201);
    const refused = await api.native.post('/api/captchas', undefined, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
  });

  it('limits the batch user lookup per address', async () => {
    const ip = '198.51.100.30';
    const lookup = () => api.native.get('/api/users', { query: { 'q[id_in][]': '1' }, ip });
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).json()).toEqual(RATE_LIMITED);
    // A single public profile is not part of that budget.
    expect((await api.native.get('/api/users/1', { ip })).statusCode).not.toBe(429);
  });

  it('lets requests through rather than failing them when the counter store is down', async () => {
    const ip = '198.51.100.40';
    const incr = t.deps.kv.incr;
    t.deps.kv.incr = () => Promise.reject(new Error('store unreachable'));
    try {
      for (let i = 0; i < 4; i++) expect((await api.native.get('/api/users', { query: { 'q[id_in][]': '1' }, ip })).statusCode).toBe(200);
    } finally {
      t.deps.kv.incr = incr;
    }
  });
});
