import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { email } from '../support/factories.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';

// Documentation ranges (RFC 5737) stand in for a mainland and a US address; 10.0.0.0/8 is the load balancer.
const MAINLAND = '198.51.100.10';
const US = '203.0.113.10';
const PROXY = '10.0.0.5';
const env = { ...PRODUCTION_ENV, GEOIP_RANGES: '198.51.100.0/24=cn,203.0.113.0/24=us', CONTACT_CHECKS_PER_IP_PER_HOUR: '1' };

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp({ env });
  proxied = await createTestApp({ env: { ...env, TRUSTED_PROXIES: '10.0.0.0/8' } });
});
afterAll(async () => {
  await Promise.all([direct.close(), proxied.close()]);
});

/** A mainland order from a peer, claiming a client address in X-Forwarded-For. */
async function orderFrom(t: TestApp, peer: string, forwardedFor: string) {
  const buyer = await makeAccount(t);
  const sku = await makeSku(t);
  return clients(t).native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, {
    token: buyer.token, ip: peer, headers: { 'x-forwarded-for': forwardedFor },
  });
}

const probe = (t: TestApp, peer: string, forwardedFor: string) =>
  clients(t).native.post('/api/message', { message: { type: 'Email', target: email(), purpose: 'reset_password' } }, { ip: peer, headers: { 'x-forwarded-for': forwardedFor } });

describe('client addresses', () => {
  it('ignores X-Forwarded-For when no proxy is trusted, even in production: the purchase block sees the peer', async () => {
    const res = await orderFrom(direct, US, MAINLAND);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { ip: ['purchase_blocked'] } });
  });

  it('ignores X-Forwarded-For when no proxy is trusted: a new header each time does not buy a new budget', async () => {
    expect((await probe(direct, US, '192.0.2.1')).statusCode).toBe(422);
    expect((await probe(direct, US, '192.0.2.2')).statusCode).toBe(429);
  });

  it('takes the client address from a trusted proxy', async () => {
    expect((await orderFrom(proxied, PROXY, US)).json()).toEqual({ errors: { ip: ['purchase_blocked'] } });
    expect((await orderFrom(proxied, PROXY, MAINLAND)).statusCode).toBe(201);
    expect((await probe(proxied, PROXY, '192.0.2.1')).statusCode).toBe(422);
    expect((await probe(proxied, PROXY, '192.0.2.2')).statusCode).toBe(422);
    expect((await probe(proxied, PROXY, '192.0.2.2')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not one of the trusted proxies', async () => {
    expect((await orderFrom(proxied, US, MAINLAND)).json()).toEqual({ errors: { ip: ['purchase_blocked'] } });
  });

  it('keeps the request id a trusted proxy named the request with, and no one else\'s', async () => {
    const fromProxy = (peer: string, id: string) => clients(proxied).native.get('/healthz', { ip: peer, headers: { 'x-request-id': id } });
    const nginxId = '5a3697ebf82d912341ef8a3e28d1770b';
    expect((await fromProxy(PROXY, nginxId)).headers['x-request-id']).toBe(nginxId);
    // A dual-stack listener names an IPv4 peer as an IPv4-mapped IPv6 address: the same proxy.
    expect((await fromProxy(`::ffff:${PROXY}`, nginxId)).headers['x-request-id']).toBe(nginxId);
    // Past the proxy (a client reaching an instance directly), and from a proxy when no proxy is configured.
    expect((await fromProxy(US, nginxId)).headers['x-request-id']).not.toBe(nginxId);
    expect((await clients(direct).native.get('/healthz', { ip: PROXY, headers: { 'x-request-id': nginxId } })).headers['x-request-id']).not.toBe(nginxId);
    // An id no proxy would send (too long, or with characters a log line should not carry) is replaced.
    expect((await fromProxy(PROXY, 'x'.repeat(200))).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fromProxy(PROXY, 'id with spaces')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
