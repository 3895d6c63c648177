import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { HOSTS } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { seedIfEmpty } from '../../src/seed/seed.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * No staff or admin edit answers a 5xx on a malformed body (docs/product/errors.md): every PATCH and PUT the
 * app registers — read from fastify's onRoute hook as the app is built, so a route added later is covered the
 * day it lands — is called on the demo data's real rows with no body, an empty object, its resource wrapper with
 * nothing in it, and a body whose every field has the wrong type. Nothing may answer 5xx, and a wrong type is refused with a 4xx.
 */
const registered: RouteOptions[] = [];
const { t } = useTestApp({ onRoute: (route) => registered.push(route), seed: [seedIfEmpty] });
const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.staff = (await makeAccount(t, { role: 'staff' })).token;
  tokens.admin = (await makeAccount(t, { role: 'admin' })).token;
}, 300_000);

type Zod = z.ZodType & { _zod: { def: { type: string; innerType?: Zod; in?: Zod; shape?: Record<string, Zod>; entries?: Record<string, string>; values?: unknown[] } } };

/** The schema under optional, nullable, default and transform wrappers. */
function bare(schema: Zod): Zod {
  const def = schema._zod.def;
  if (def.innerType) return bare(def.innerType);
  if (def.type === 'pipe' && def.in) return bare(def.in);
  return schema;
}

const shapeOf = (schema: Zod): Record<string, Zod> | null => {
  const inner = bare(schema);
  return inner._zod.def.type === 'object' ? ((inner as unknown as { shape: Record<string, Zod> }).shape ?? null) : null;
};

/** A value of another JSON type than the schema takes: objects keep their keys, each filled wrongly in turn. */
function wrongly(schema: Zod): unknown {
  const inner = bare(schema);
  switch (inner._zod.def.type) {
    case 'object': {
      const shape = shapeOf(inner)!;
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, wrongly(field)]));
    }
    case 'string': case 'enum': case 'literal': case 'date': return 12345;
    case 'number': case 'int': case 'bigint': return 'not a number';
    case 'boolean': return 'not a boolean';
    case 'array': case 'tuple': case 'record': return 'not a list';
    default: return { not: ['what', 'it', 'takes'] };
  }
}

/** The emptiest body of the schema's form: its resource wrappers (`{ watched_word: {} }`) kept, nothing in them. */
function emptily(schema: Zod): unknown {
  const shape = shapeOf(schema) ?? {};
  return Object.fromEntries(Object.entries(shape).filter(([, field]) => shapeOf(field)).map(([key]) => [key, {}]));
}

/** Values to try for a path parameter: an enum's values, else the low ids the demo data fills. */
function paramValues(schema: Zod | undefined, name: string): string[] {
  const field = schema && shapeOf(schema)?.[name];
  if (field) {
    const def = bare(field)._zod.def;
    if (def.type === 'enum' && def.entries) return Object.values(def.entries).map(String);
    if (def.type === 'literal' && def.values) return def.values.map(String);
  }
  return ['1', '2', '3'];
}

/** Every concrete URL of a route: each combination of its parameters' values. */
function urlsOf(route: RouteOptions): string[] {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  let urls = [route.url];
  for (const name of params) {
    const values = paramValues(route.schema?.params as Zod | undefined, name);
    urls = urls.flatMap((url) => values.map((v) => url.replace(`:${name}`, encodeURIComponent(v))));
  }
  return urls;
}

const edits = () => {
  const seen = new Set<string>();
  return registered.flatMap((route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m === 'PATCH' || m === 'PUT');
    return methods.map((method) => ({ method, route })).filter(({ method }) => !seen.has(`${method} ${route.url}`) && seen.add(`${method} ${route.url}`));
  });
};

describe('every PATCH and PUT, as staff and as an admin, with a malformed body', () => {
  it('finds the edits the app registered, the staff ones among them', () => {
    const all = edits().map(({ method, route }) => `${method} ${route.url}`);
    expect(all.length).toBeGreaterThan(15);
    expect(all).toContain('PATCH /api/admin/watched_words/:id');
    expect(all).toContain('PATCH /api/admin/headline_sections/:id');
  });

  it('refuses a change that names no field with 422 base: invalid, and still applies a real one', async () => {
    for (const [url, wrapper, change] of [
      ['/api/admin/watched_words/1', 'watched_word', { action: 'block' }],
      ['/api/admin/headline_sections/1', 'headline_section', { position: 7 }],
    ] as const) {
      const send = (payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: { host: HOSTS.native, authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      const empty = await send({ [wrapper]: {} });
      expect(empty.statusCode, empty.body).toBe(422);
      expect(empty.json().errors).toEqual({ base: ['invalid'] });
      const real = await send({ [wrapper]: change });
      expect(real.statusCode, real.body).toBe(200);
    }
  });

  for (const who of ['staff', 'admin']) {
    it(`answers ${who} below 500 always, and 4xx for a wrong type`, async () => {
      const failures: string[] = [];
      for (const { method, route } of edits()) {
        const body = route.schema?.body as Zod | undefined;
        const typed = body ? shapeOf(body) : null;
        const tries: Array<{ payload: unknown; wrong: boolean }> = [{ payload: undefined, wrong: false }, { payload: {}, wrong: false }];
        // `{ watched_word: {} }`: a wrapper with nothing in it, which a schema of all-optional fields lets through.
        if (typed) tries.push({ payload: emptily(body!), wrong: false });
        // Only a body schema with fields says what a wrong type is; a route without one ignores its body.
        if (typed && Object.keys(typed).length > 0) tries.push({ payload: wrongly(body!), wrong: true });
        tries.push({ payload: [], wrong: Boolean(typed) }, { payload: 'text', wrong: Boolean(typed) });
        for (const url of urlsOf(route)) {
          for (const { payload, wrong } of tries) {
            const res = await t.app.inject({
              method, url, query: { client: 'pc' },
              headers: { host: HOSTS.native, authorization: `Bearer ${tokens[who]}`, ...(payload !== undefined && { 'content-type': 'application/json' }) },
              ...(payload !== undefined && { payload: JSON.stringify(payload) }),
            });
            const what = `${method} ${url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
            if (res.statusCode >= 500) failures.push(what);
            else if (wrong && (res.statusCode < 400 || res.statusCode >= 500)) failures.push(`accepted a wrong type: ${what}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
