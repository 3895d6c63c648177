import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import {
  bindContactRequest, completeMeRequest, createAddressRequest, fastSignInRequest, identificationRequest, refreshRequest,
  resetPasswordRequest, sendCodeRequest, signInRequest, signUpRequest, unbindPhoneRequest, unlockRequest, updateAddressRequest,
  updateMeRequest,
} from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { email, nextIp, phone, residentId, signUpByEmail } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Bad input anywhere gets a clear 4xx, never a 5xx (docs/product/README.md#errors): every route that takes a body is sent
 * missing, mistyped, malformed, oversized and randomly generated bodies.
 */

const { t, api } = useTestApp();
const tokens: Record<'native' | 'abroad', string> = { native: '', abroad: '' };
let addressId = 0;
beforeAll(async () => {
  tokens.native = (await signUpByEmail(t, api.native)).token;
  tokens.abroad = (await signUpByEmail(t, api.abroad)).token;
  const address = await api.native.post('/api/me/detailed_addresses', {
    detailed_address: { name: '李雷', phone_number: '+81 90 1234 5678', country_code: 'JP', region_text: 'Tokyo', address: '1-1' },
  }, { token: tokens.native });
  expect(address.statusCode).toBe(201);
  addressId = address.json().id;
});

type Method = 'POST' | 'PATCH' | 'PUT';
interface BodyRoute {
  method: Method;
  url: () => string;
  site: 'native' | 'abroad';
  auth: boolean;
  schema: z.ZodObject;
  /** Fields that pass the schema (the service may still refuse them), so one mistyped field stands alone. */
  valid: () => Record<string, unknown>;
}

const PASSWORD = 'Some-Password-1';
const ROUTES: BodyRoute[] = [
  { method: 'POST', url: () => '/api/message', site: 'abroad', auth: false, schema: sendCodeRequest, valid: () => ({ type: 'Email', target: email(), purpose: 'sign_in' }) },
  {
    method: 'POST', url: () => '/api/accounts', site: 'native', auth: false, schema: signUpRequest,
    valid: () => ({ email: email(), code: '123456', password: PASSWORD, password_confirmation: PASSWORD, tos_agreement: true, real_name: '李雷', credential_num: residentId() }),
  },
  { method: 'POST', url: () => '/api/access_token', site: 'abroad', auth: false, schema: signInRequest, valid: () => ({ login: email(), password: PASSWORD }) },
  { method: 'POST', url: () => '/api/fast/access_token', site: 'native', auth: false, schema: fastSignInRequest, valid: () => ({ phone_number: phone(), code: '123456' }) },
  { method: 'PATCH', url: () => '/api/access_token', site: 'abroad', auth: false, schema: refreshRequest, valid: () => ({ refresh_token: 'not-a-token' }) },
  { method: 'PATCH', url: () => '/api/me', site: 'abroad', auth: true, schema: updateMeRequest, valid: () => ({ gender: 'secret' }) },
  {
    method: 'PUT', url: () => '/api/me', site: 'abroad', auth: true, schema: completeMeRequest,
    valid: () => ({ phone_number: phone(), code: '123456', password: PASSWORD, nickname: 'Robust', gender: 'male' }),
  },
  {
    method: 'PATCH', url: () => '/api/me/email/password', site: 'abroad', auth: false, schema: resetPasswordRequest,
    valid: () => ({ email: email(), code: '123456', password: PASSWORD, password_confirmation: PASSWORD }),
  },
  {
    method: 'PATCH', url: () => '/api/me/phone/password', site: 'native', auth: false, schema: resetPasswordRequest,
    valid: () => ({ phone_number: phone(), code: '123456', password: PASSWORD, password_confirmation: PASSWORD }),
  },
  { method: 'POST', url: () => '/api/me/email', site: 'native', auth: true, schema: bindContactRequest, valid: () => ({ email: email(), code: '123456' }) },
  { method: 'PATCH', url: () => '/api/me/email', site: 'native', auth: true, schema: bindContactRequest, valid: () => ({ email: email(), code: '123456', password: PASSWORD }) },
  { method: 'POST', url: () => '/api/me/phone', site: 'abroad', auth: true, schema: bindContactRequest, valid: () => ({ phone_number: phone(), code: '123456' }) },
  { method: 'PATCH', url: () => '/api/me/phone', site: 'abroad', auth: true, schema: bindContactRequest, valid: () => ({ phone_number: phone(), code: '123456', password: PASSWORD }) },
  { method: 'PATCH', url: () => '/api/me/unbind/phone', site: 'native', auth: true, schema: unbindPhoneRequest, valid: () => ({ code: '123456' }) },
  { method: 'PUT', url: () => '/api/me/unlock', site: 'abroad', auth: false, schema: unlockRequest, valid: () => ({ login: email(), code: '123456' }) },
  { method: 'POST', url: () => '/api/identification', site: 'abroad', auth: true, schema: identificationRequest, valid: () => ({ name: '123', code: 'not-a-number' }) },
  {
    method: 'POST', url: () => '/api/me/detailed_addresses', site: 'native', auth: true, schema: createAddressRequest,
    valid: () => ({ name: '李雷', phone_number: '12345', address: 'x', country_code: 'ZZ' }),
  },
  { method: 'PATCH', url: () => `/api/me/detailed_addresses/${addressId}`, site: 'native', auth: true, schema: updateAddressRequest, valid: () => ({ country_code: 'ZZ' }) },
];

const nameOf = (route: BodyRoute) => `${route.method} ${route.url().replace(/\d+$/, ':id')}`;
const wrapperOf = (route: BodyRoute) => Object.keys(route.schema.shape)[0]!;
function fieldsOf(route: BodyRoute): string[] {
  let inner = route.schema.shape[wrapperOf(route)] as z.ZodType;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return Object.keys((inner as z.ZodObject).shape);
}

interface RawOptions {
  payload?: string | Buffer;
  contentType?: string;
  site?: 'native' | 'abroad';
}
async function send(route: BodyRoute, options: RawOptions): Promise<LightMyRequestResponse> {
  const site = options.site ?? route.site;
  return t.app.inject({
    method: route.method,
    url: route.url(),
    query: { client: 'pc' },
    remoteAddress: nextIp(),
    headers: {
      host: HOSTS[site],
      ...(route.auth && { authorization: `Bearer ${tokens[site]}` }),
      ...(options.contentType && { 'content-type': options.contentType }),
    },
    ...(options.payload !== undefined && { payload: options.payload }),
  });
}
const sendJson = (route: BodyRoute, value: unknown, site?: 'native' | 'abroad') =>
  send(route, { payload: JSON.stringify(value), contentType: 'application/json', site });

/** A client error with the API's error body: `{ errors: { field: [reason, …] } }`. */
function expectClientError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  const body = res.json() as { errors: Record<string, unknown> };
  expect(body.errors, label).toEqual(expect.any(Object));
  expect(Object.keys(body.errors).length, label).toBeGreaterThan(0);
  for (const reasons of Object.values(body.errors)) {
    expect(reasons, label).toEqual(expect.arrayContaining([expect.stringMatching(/^[a-z_]+$/)]));
  }
}

/** Any answer but a server error; an error answer has the API's error body. */
function expectNoServerError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expectClientError(res, label);
}

function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const MALFORMED: Array<[string, RawOptions]> = [
  ['no body', {}],
  ['empty body with JSON content type', { payload: '', contentType: 'application/json' }],
  ['null', { payload: 'null', contentType: 'application/json' }],
  ['an array', { payload: '[]', contentType: 'application/json' }],
  ['an array of objects', { payload: '[{"a":1}]', contentType: 'application/json' }],
  ['a string', { payload: '"hello"', contentType: 'application/json' }],
  ['a number', { payload: '42', contentType: 'application/json' }],
  ['true', { payload: 'true', contentType: 'application/json' }],
  ['an empty object', { payload: '{}', contentType: 'application/json' }],
  ['truncated JSON', { payload: '{"a":', contentType: 'application/json' }],
  ['single-quoted JSON', { payload: "{'a': 1}", contentType: 'application/json' }],
  ['NaN', { payload: 'NaN', contentType: 'application/json' }],
  ['a trailing comma', { payload: '{"a":1,}', contentType: 'application/json' }],
  ['JSON with a BOM and garbage', { payload: '\ufeff{"a":1}garbage', contentType: 'application/json' }],
  ['prototype pollution', { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' }],
  ['constructor pollution', { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' }],
  ['binary junk', { payload: Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x7b]), contentType: 'application/json' }],
  ['plain text', { payload: 'hello', contentType: 'text/plain' }],
  ['a form', { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }],
  ['multipart', { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' }],
  ['XML', { payload: '<a>1</a>', contentType: 'application/xml' }],
  ['an unknown charset', { payload: '{}', contentType: 'application/json; charset=ebcdic' }],
  ['a nonsense content type', { payload: '{}', contentType: '////' }],
  ['a versioned JSON type with bad JSON', { payload: '{"a"', contentType: 'application/vnd.lantern.v7+json' }],
  ['deeply nested arrays', { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' }],
  ['deeply nested objects', { payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, contentType: 'application/json' }],
  ['a body over 1 MB', { payload: JSON.stringify({ x: 'x'.repeat(1_100_000) }), contentType: 'application/json' }],
];

/** Values of the wrong type for every field of these schemas (strings, booleans and enums). */
const WRONG_TYPES: unknown[] = [12345, -1.5, {}, [], ['x'], { a: { b: 'c' } }];

describe.each(ROUTES.map((route) => [nameOf(route), route] as const))('%s', (_name, route) => {
  const wrapper = wrapperOf(route);
  const fields = fieldsOf(route);

  it('answers malformed bodies with a 4xx and an error body', async () => {
    for (const [label, options] of MALFORMED) {
      const res = await send(route, options);
      // PATCH /api/access_token takes no body at all (the web refreshes by cookie): then it is a 401.
      expectClientError(res, label);
    }
  });

  it('answers a wrapper of the wrong type with 422', async () => {
    for (const value of [null, 'x', 1, [], [{}], true]) {
      const res = await sendJson(route, { [wrapper]: value });
      expectClientError(res, JSON.stringify(value));
      if (value !== null || route.schema !== refreshRequest) expect(res.statusCode).toBe(422);
    }
  });

  it('names the mistyped field: 422 invalid on that field alone', async () => {
    for (const field of fields) {
      for (const wrong of WRONG_TYPES) {
        const res = await sendJson(route, { [wrapper]: { ...route.valid(), [field]: wrong } });
        const label = `${field}=${JSON.stringify(wrong)}`;
        expect(res.statusCode, label).toBe(422);
        expect(res.json(), label).toEqual({ errors: { [field]: ['invalid'] } });
      }
    }
  });

  it('refuses deeply nested junk, a huge string and unstorable text in each field', async () => {
    for (const field of fields) {
      const deep = await sendJson(route, { [wrapper]: { ...route.valid(), [field]: nested(2_000) } });
      expect(deep.statusCode, field).toBe(422);
      expect(deep.json(), field).toEqual({ errors: { [field]: ['invalid'] } });
      const huge = await sendJson(route, { [wrapper]: { ...route.valid(), [field]: 'x'.repeat(200_000) } });
      expect(huge.statusCode, field).toBe(422);
      expect(Object.keys(huge.json().errors), field).toEqual([field]);
      // Text the database cannot store: a NUL, a lone surrogate.
      for (const unstorable of ['a\u0000b', 'a\ud800b', '\udfff']) {
        const res = await sendJson(route, { [wrapper]: { ...route.valid(), [field]: unstorable } });
        expect(res.statusCode, `${field}=${JSON.stringify(unstorable)}`).toBe(422);
        expect(res.json(), field).toEqual({ errors: { [field]: ['invalid'] } });
      }
    }
  });

  it('never answers a server error to randomly generated bodies, on either site', async () => {
    const random = generator(hashOf(nameOf(route)));
    for (let i = 0; i < 60; i++) {
      const body = random.body(wrapper, fields, route.valid());
      const site = i % 2 ? 'native' : 'abroad';
      const res = await sendJson(route, body, site);
      expectNoServerError(res, `case ${i}: ${JSON.stringify(body).slice(0, 300)}`);
    }
  });
});

describe('routes that take no body', () => {
  const routes: Array<[string, string, boolean]> = [
    ['POST', '/api/captchas', false],
    ['POST', '/api/me/clock_in', true],
    ['DELETE', '/api/access_token', false],
    ['DELETE', '/api/me/detailed_addresses/999999', true],
  ];
  it.each(routes)('%s %s ignores or refuses junk, never a 5xx', async (method, url, auth) => {
    for (const [label, options] of MALFORMED) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { host: HOSTS.abroad, ...(auth && { authorization: `Bearer ${tokens.abroad}` }), ...(options.contentType && { 'content-type': options.contentType }) },
        ...(options.payload !== undefined && { payload: options.payload }),
      });
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});

describe('query strings and path parameters', () => {
  const cases = [
    '/api/v1/fetch_region?region[]=cn',
    '/api/v1/fetch_region?region[a]=cn',
    '/api/v7/fetch_by_region?region=%00',
    '/api/v1/fetch_region?client=%ff%fe&version=abc',
    '/api/users?q=abc',
    '/api/users?q[id_in][a]=1',
    '/api/users?q[id_in][]=1e400',
    '/api/users?q[id_in][]=%00',
    `/api/users?${'q[id_in][]=1&'.repeat(300)}`,
    '/api/users?q[id_in][][][][][][]=1',
    '/api/users/%00',
    '/api/users/1%2F2',
    '/api/users/%E2%80%AE1',
    '/api/users/9007199254740993',
    '/api/users/1/service?x[y][z][w][v][u]=1',
    '/api/point_details?page[]=1',
    '/api/point_details?per=1e9',
    '/api/point_details?page=-1&per=abc',
    '/api/me/detailed_addresses/1e3',
    '/api/me/detailed_addresses/%00',
  ];
  it.each(cases)('GET %s is never a 5xx', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: HOSTS.abroad, authorization: `Bearer ${tokens.abroad}` } });
    expectNoServerError(res, url);
  });
});

// ---- A small seeded generator of random JSON (mulberry32): the same cases on every run ----

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function generator(seed: number) {
  let state = seed || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

  const STRINGS = [
    '', ' ', 'a', '123456', '000000', 'null', 'undefined', 'true', '0', '-1', '1e309', 'NaN',
    'user@example.com', 'USER@EXAMPLE.COM', '13912345678', '+8613912345678', '+14155550100', 'Email', 'Sms', 'sign_up', 'sign_in',
    'bind', 'unbind', 'unlock', 'reset_password', 'male', 'female', 'secret', 'CN', 'US', 'ZZ', '11', '1101', '110101', '2000-02-30',
    '1990-01-01', '9999-12-31', '李雷', '不符', '玩家123456', '🎮🎮🎮', '\u202eevil', '\ud800', '\udfff\ud800', 'a\u0000b', '\u0000',
    "'; DROP TABLE accounts; --", '%00', '../../etc/passwd', '<script>alert(1)</script>', '{"a":1}', '\\u0000', 'x'.repeat(300),
    '　', '\t\n\r', 'Ǆǅǆ', 'ß', 'İ', 'Correct-Horse-9',
  ];
  const string = (): string => (next() < 0.8 ? pick(STRINGS) : Array.from({ length: int(40) }, () => String.fromCodePoint(int(0x2ffff))).join(''));
  const number = (): number => pick([0, -0, 1, -1, 0.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE, int(1e6)]);

  function value(depth: number): unknown {
    const roll = next();
    if (depth <= 0 || roll < 0.45) return string();
    if (roll < 0.6) return number();
    if (roll < 0.68) return next() < 0.5;
    if (roll < 0.74) return null;
    if (roll < 0.87) return Array.from({ length: int(4) }, () => value(depth - 1));
    return object(depth - 1, []);
  }

  function object(depth: number, keys: readonly string[]): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const count = int(6);
    for (let i = 0; i < count; i++) {
      const key = keys.length > 0 && next() < 0.8 ? pick(keys) : pick(['', 'x', '__proto__x', 'constructor', 'toString', '0', 'a.b', '🎮', ...keys]);
      result[key] = value(depth);
    }
    return result;
  }

  return {
    /**
     * A request body: often well-formed with odd strings in it (so it reaches the service), often the right
     * wrapper with the route's field names holding anything, sometimes anything at all.
     */
    body(wrapper: string, fields: readonly string[], valid: Record<string, unknown>): unknown {
      const roll = next();
      if (roll < 0.4) {
        const strings = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, typeof v === 'string' && next() < 0.6 ? string() : v]));
        return { [wrapper]: strings };
      }
      if (roll < 0.6) return { [wrapper]: { ...valid, ...object(2, fields) } };
      if (roll < 0.75) return { [wrapper]: object(2, fields) };
      if (roll < 0.85) return object(2, fields);
      if (roll < 0.95) return { [wrapper]: value(3) };
      return value(3);
    },
  };
}
