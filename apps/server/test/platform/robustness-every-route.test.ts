import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { HOSTS } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * No request gets a 5xx, whoever sends it and however malformed it is: every route the server registers
 * (read from its OpenAPI document, so a new route is covered the day it lands) is called as a guest, a
 * buyer, staff and an admin, with odd path parameters, odd query strings and odd bodies.
 */
const { t } = useTestApp();
const tokens: Record<string, string | undefined> = { guest: undefined };
beforeAll(async () => {
  tokens.buyer = (await makeAccount(t)).token;
  tokens.staff = (await makeAccount(t, { role: 'staff' })).token;
  tokens.admin = (await makeAccount(t, { role: 'admin' })).token;
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const PARAMS = ['1', '987654321', 'abc', '-1', '0', '1.5', 'x'.repeat(300), '%E4%B8%AD', '9999999999999999999999'];
const BODIES: unknown[] = [
  undefined,
  {},
  [],
  'not json at all',
  { x: null },
  { order: { sku_ids: ['a', -1, 1e308], cate: 7, type: [] } },
  { a: { b: { c: { d: [1, { e: '\u0000' }] } } } },
  // Characters no database text can hold, at the top level where routes that parse their own body look.
  { out_trade_no: '\u0000', notify_id: '\ud800', code: '\u0000' },
];
const QUERIES: Record<string, string>[] = [{}, { page: '-5', per: '100000' }, { 'q[id_in][]': 'x', q: 'y' }, { region: '\u0000' }];

function routes(): Array<{ method: Method; path: string }> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path })))
    .filter((r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
}

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

async function call(method: Method, url: string, body: unknown, query: Record<string, string>, token?: string): Promise<LightMyRequestResponse> {
  const raw = typeof body === 'string';
  return t.app.inject({
    method,
    url,
    query: { client: 'pc', ...query },
    headers: {
      host: HOSTS.native,
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: raw ? body : JSON.stringify(body) }),
  });
}

describe('every route, every caller, malformed input', () => {
  it('finds the routes to try', () => {
    expect(routes().length).toBeGreaterThan(80);
  });

  for (const who of ['guest', 'buyer', 'staff', 'admin']) {
    it(`never answers a ${who} with a 5xx`, async () => {
      const failures: string[] = [];
      for (const { method, path } of routes()) {
        const hasParams = path.includes('{');
        const urls = hasParams ? PARAMS.map((p) => fill(path, p)) : [path];
        const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
        for (const url of urls) {
          for (const body of bodies) {
            for (const query of hasParams && body !== undefined ? [QUERIES[0]!] : QUERIES) {
              const res = await call(method, url, body, query, tokens[who]);
              if (res.statusCode >= 500) failures.push(`${method} ${url} ${JSON.stringify(query)} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }
});
